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
      let connection = try CoordinatorConnection(runDirectory: runDirectory, replyTimeout: answerTimeout)
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
          let outcome = try waitForOutcome(completion, after: sentAt, slice: &slice, at: path, connection)
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
      recorder.error(code.rawValue)
      return false
    }
    recorder.actionSent()
    return true
  }

  /// Reads the slice's changes until `completion` judges one, or the answer timeout passes.
  ///
  /// An effect can end leaving the slice as it was before the action — failing at once with the
  /// same failure as last time — and then no change is published, since the coordinator publishes
  /// only a state that differs from the last one it published. So a quiet slice is read again
  /// now and then (after ``quietRecheck``, doubling): the step ends on the effect's end, not only
  /// on a change.
  private func waitForOutcome(
    _ completion: (JSONValue) -> LoadStep.Outcome?,
    after sentAt: ContinuousClock.Instant,
    slice: inout JSONValue,
    at path: String,
    _ connection: CoordinatorConnection
  ) throws(CoordinatorConnectionError) -> LoadStep.Outcome? {
    let deadline = sentAt + answerTimeout
    var quiet = Self.quietRecheck
    while ContinuousClock.now < deadline {
      if let value = try connection.nextChange(timeout: min(quiet, deadline - .now)) {
        slice = value
      } else {
        slice = try connection.state(at: path)
        quiet = min(quiet * 2, Self.quietRecheck * 16)
      }
      if let outcome = completion(slice) { return outcome }
    }
    return nil
  }

  /// How long a slice stays quiet before it is read again.
  static var quietRecheck: Duration { .milliseconds(50) }

  private static func type(of error: CoordinatorConnectionError) -> String {
    switch error {
    case .noCoordinator: "noCoordinator"
    case let .refused(code, _): code.rawValue
    case .connectionLost: "connectionLost"
    case .unexpectedReply: "unexpectedReply"
    }
  }
}
