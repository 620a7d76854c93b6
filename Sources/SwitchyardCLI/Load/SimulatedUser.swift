#if canImport(Glibc)
import Glibc
#endif
import SwitchyardWire

/// One simulated user on its own thread and its own control connection: sets itself up, watches
/// its slice of state, and takes steps until the budget runs out, timing each round trip.
///
/// When its coordinator is lost or says it does not lead (`start --ha`), the user goes on with the
/// leader the ``LoadLeader`` finds: a send that was not acknowledged is sent again, and a step
/// waiting for its effect waits for it on the new leader, counted among the interrupted steps.
struct SimulatedUser: Sendable {
  let name: String
  let scenario: any LoadScenario
  let leader: LoadLeader
  let budget: LoadBudget
  let recorder: LoadRecorder
  /// How long a step waits for its effect before counting it as `noAnswer`.
  let answerTimeout: Duration

  /// The user's connection to the leader, the leader's term, and the watched slice as last seen.
  private struct Link {
    var connection: CoordinatorConnection
    var term: Int
    var slice: JSONValue = .null
  }

  func run() {
    defer { recorder.userDone() }
    // A step a failover interrupted and still waiting: lost if the user ends before it does.
    var waiting = false
    do {
      let (connection, term) = try leader.connect()
      var link = Link(connection: connection, term: term)
      for action in scenario.setUpActions(user: name) {
        try send(action, &link, path: nil)
        recorder.actionSent()
      }
      let path = try acrossFailovers(&link, path: nil) { connection in
        try scenario.watchedPath(user: name) { try connection.state(at: $0) }
      }
      link.slice = try acrossFailovers(&link, path: nil) { try $0.subscribe(to: path) }
      var index = 0
      while budget.takeTicket() {
        let step = scenario.step(user: name, index: index, slice: link.slice)
        index += 1
        let sentAt = ContinuousClock.now
        let term = link.term
        do {
          try send(step.action, &link, path: path)
        } catch CoordinatorConnectionError.refused(let code, _) {
          // One refusal must not end the user.
          recorder.error(code.rawValue)
          continue
        }
        recorder.actionSent()
        if let completion = step.completion {
          waiting = link.term != term
          let outcome = try waitForOutcome(completion, after: sentAt, &link, at: path, interrupted: &waiting)
          let kind = step.kind ?? "-"
          switch outcome {
          case .succeeded?: recorder.roundTrip(kind: kind, micros: (ContinuousClock.now - sentAt).microseconds)
          case let .failed(type)?: recorder.error("\(kind): \(type)")
          case nil: recorder.error("\(kind): noAnswer")
          }
          if waiting { recorder.interrupted(outcome, lostBecause: "noAnswer") }
          waiting = false
        }
        if step.pause > .zero { usleep(UInt32(step.pause.microseconds)) }
      }
      for action in scenario.tearDownActions(user: name) {
        try send(action, &link, path: path)
      }
    } catch let error as CoordinatorConnectionError {
      recorder.error(Self.type(of: error))
      if waiting { recorder.interrupted(nil, lostBecause: Self.type(of: error)) }
    } catch {
      recorder.error("\(error)")
      if waiting { recorder.interrupted(nil, lostBecause: "\(error)") }
    }
  }

  /// Sends `action` to the leader. Sent when a failover interrupts it, it is sent again to the new
  /// leader: unacknowledged, it may or may not be in the journal, and a client retries. A refusal
  /// that is not a failover's (``LoadLeader/isFailover(_:)``) is thrown.
  private func send(_ action: JSONValue, _ link: inout Link, path: String?) throws {
    var resent = false
    try acrossFailovers(&link, path: path) { connection in
      if resent { recorder.resent() }
      resent = true
      try connection.send(action)
    }
  }

  /// Runs `body` with the connection to the leader, again with the new leader's each time it fails
  /// for a failover (``LoadLeader/isFailover(_:)``). The slice at `path` is subscribed to on
  /// each new leader. It gives up, throwing, after as long as a search for the leader may take.
  @discardableResult
  private func acrossFailovers<Value>(
    _ link: inout Link, path: String?, _ body: (CoordinatorConnection) throws -> Value
  ) throws -> Value {
    let deadline = ContinuousClock.now + leader.searchTimeout
    while true {
      do {
        return try body(link.connection)
      } catch {
        guard let error = error as? CoordinatorConnectionError, leader.isFailover(error), ContinuousClock.now < deadline else { throw error }
        let term = link.term
        try reconnect(&link, path: path)
        // The same leader again (one cut off that has not noticed): not at once.
        if link.term == term { usleep(100_000) }
      }
    }
  }

  /// Connects to the leader the ``LoadLeader`` finds after this link's coordinator failed, and
  /// subscribes to the slice at `path` there.
  private func reconnect(_ link: inout Link, path: String?) throws {
    let deadline = ContinuousClock.now + leader.searchTimeout
    while true {
      (link.connection, link.term) = try leader.reconnect(after: link.connection.runDirectory)
      guard let path else { return }
      do {
        link.slice = try link.connection.subscribe(to: path)
        return
      } catch {
        guard leader.isFailover(error), ContinuousClock.now < deadline else { throw error }
        usleep(100_000)
      }
    }
  }

  /// Reads the slice's changes until `completion` judges one, or the answer timeout passes.
  ///
  /// An effect can end leaving the slice as it was before the action — failing at once with the
  /// same failure as last time — and then no change is published, since the coordinator publishes
  /// only a state that differs from the last one it published. So a quiet slice is read again
  /// now and then (after ``quietRecheck``, doubling): the step ends on the effect's end, not only
  /// on a change.
  ///
  /// Across a failover, it waits on the new leader, the answer timeout again from there, and sets
  /// `interrupted`.
  private func waitForOutcome(
    _ completion: (JSONValue) -> LoadStep.Outcome?,
    after sentAt: ContinuousClock.Instant,
    _ link: inout Link,
    at path: String,
    interrupted: inout Bool
  ) throws -> LoadStep.Outcome? {
    // A step whose send a failover interrupted was sent again just now, to the new leader.
    var deadline = (interrupted ? .now : sentAt) + answerTimeout
    var quiet = Self.quietRecheck
    // Just after a failover the slice was read after the send, so it may hold the outcome already.
    if interrupted, let outcome = completion(link.slice) { return outcome }
    while ContinuousClock.now < deadline {
      do {
        if let value = try link.connection.nextChange(timeout: min(quiet, deadline - .now)) {
          link.slice = value
        } else {
          link.slice = try link.connection.state(at: path)
          quiet = min(quiet * 2, Self.quietRecheck * 16)
        }
      } catch {
        guard leader.isFailover(error) else { throw error }
        let term = link.term
        try reconnect(&link, path: path)
        if link.term != term {
          interrupted = true
          deadline = .now + answerTimeout
        }
      }
      if let outcome = completion(link.slice) { return outcome }
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
