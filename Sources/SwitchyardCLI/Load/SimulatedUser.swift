#if canImport(Glibc)
import Glibc
#endif
import SwitchyardWire

/// One simulated user on its own thread and its own control connection: sets itself up, watches
/// its slice of state, and takes steps until the budget runs out, timing each round trip.
struct SimulatedUser: Sendable {
  let name: String
  let scenario: any LoadScenario
  let runDirectory: String
  let budget: LoadBudget
  let recorder: LoadRecorder
  /// How long a step waits for its effect before counting it as `noAnswer`.
  let answerTimeout: Duration

  func run() {
    defer { recorder.userDone() }
    do {
      let connection = try CoordinatorConnection(runDirectory: runDirectory)
      for action in scenario.setUpActions(user: name) {
        try connection.send(action)
        recorder.actionSent()
      }
      let path = try scenario.watchedPath(user: name) { try connection.state(at: $0) }
      var slice = try connection.subscribe(to: path)
      var index = 0
      while budget.takeTicket() {
        let step = scenario.step(user: name, index: index, slice: slice)
        index += 1
        let sentAt = ContinuousClock.now
        guard try send(step.action, connection) else { continue }
        if let completion = step.completion {
          let outcome = try waitForOutcome(completion, after: sentAt, slice: &slice, connection)
          let kind = step.kind ?? "-"
          switch outcome {
          case .succeeded?: recorder.roundTrip(kind: kind, micros: (ContinuousClock.now - sentAt).microseconds)
          case let .failed(type)?: recorder.error("\(kind): \(type)")
          case nil: recorder.error("\(kind): noAnswer")
          }
        }
        if step.pause > .zero { usleep(UInt32(step.pause.microseconds)) }
      }
      for action in scenario.tearDownActions(user: name) {
        try connection.send(action)
      }
    } catch let error as CoordinatorConnectionError {
      recorder.error(Self.type(of: error))
    } catch {
      recorder.error("\(error)")
    }
  }

  /// Sends `action`; an action the coordinator refuses is counted as an error of its code, and
  /// `false` returned, since one refusal must not end the user.
  private func send(_ action: JSONValue, _ connection: CoordinatorConnection) throws(CoordinatorConnectionError) -> Bool {
    do {
      try connection.send(action)
    } catch {
      guard case let .refused(code, _) = error else { throw error }
      recorder.error(code)
      return false
    }
    recorder.actionSent()
    return true
  }

  /// Reads the slice's changes until `completion` judges one, or the answer timeout passes.
  private func waitForOutcome(
    _ completion: (JSONValue) -> LoadStep.Outcome?,
    after sentAt: ContinuousClock.Instant,
    slice: inout JSONValue,
    _ connection: CoordinatorConnection
  ) throws(CoordinatorConnectionError) -> LoadStep.Outcome? {
    let deadline = sentAt + answerTimeout
    while ContinuousClock.now < deadline {
      guard let value = try connection.nextChange(timeout: deadline - .now) else { return nil }
      slice = value
      if let outcome = completion(value) { return outcome }
    }
    return nil
  }

  private static func type(of error: CoordinatorConnectionError) -> String {
    switch error {
    case .noCoordinator: "noCoordinator"
    case let .refused(code, _): code
    case .connectionLost: "connectionLost"
    case .unexpectedReply: "unexpectedReply"
    }
  }
}
