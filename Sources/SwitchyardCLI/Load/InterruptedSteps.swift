/// The steps a failover interrupted (sent, or waiting for their effect, when a user lost the
/// leader) and how each ended on the new leader: every one is accounted for, finished, failed, or
/// lost with the reason.
package struct InterruptedSteps: Equatable, Sendable, Encodable {
  /// Steps whose send was not acknowledged, so sent again to the new leader: a step is sent at
  /// least once.
  package var resent = 0
  /// Steps whose effect finished.
  package var completed = 0
  /// Steps whose effect failed, by type: `coordinatorRestarted` when the new leader's recovery
  /// failed an effect that was in flight, as after a crash.
  package var failed: [String: Int] = [:]
  /// Steps whose effect never came back, by reason: lost effects.
  package var lost: [String: Int] = [:]

  /// Creates an empty account.
  package init() {}

  /// How many steps a failover interrupted and were waited on.
  package var count: Int { completed + failed.values.reduce(0, +) + lost.values.reduce(0, +) }

  /// Interrupted steps whose effect never came back.
  package var lostCount: Int64 { Int64(lost.values.reduce(0, +)) }

  /// Counts one interrupted step's end: its outcome, or `nil` with why it was lost.
  mutating func record(_ outcome: LoadStep.Outcome?, lostBecause reason: String) {
    switch outcome {
    case .succeeded?: completed += 1
    case let .failed(type)?: failed[type, default: 0] += 1
    case nil: lost[reason, default: 0] += 1
    }
  }
}
