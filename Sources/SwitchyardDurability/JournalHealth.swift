import SwitchyardRuntime

/// Whether a coordinator's journal still records actions, and why not.
///
/// Its own object, which the journal and its encoding thread both hold, so that the thread reports
/// a failure here rather than to the journal: reaching the journal would take a weak reference,
/// and a weakly referenced object takes the runtime's slow path on every retain and release, which
/// a busy coordinator pays several times per action (half a microsecond of its main actor's
/// journaling per effect, `journal.ingress-overhead`).
@MainActor
final class JournalHealth {
  /// Why the journal stopped, absent while it records.
  private(set) var failure: String?
  private let log: @Sendable (LogEvent) -> Void

  init(log: @escaping @Sendable (LogEvent) -> Void) {
    self.log = log
  }

  /// Notes that the journal stopped for `reason`, after the action `sequence`; only the first
  /// reason counts.
  func fail(_ reason: String, after sequence: UInt64) {
    guard failure == nil else { return }
    failure = reason
    log(.error("the journal stopped; actions are no longer recorded, and a restart loses them: \(reason)", .integer("action_sequence", sequence)))
  }
}
