import SwitchyardMetrics
import SwitchyardWire

/// Where a coordinator's store records the actions it reduces, so a restarted coordinator can
/// rebuild its state: `SwitchyardDurability`'s `ActionJournal`.
///
/// The coordinator asks it its status, its metrics, when a `send` may be answered `sent`, and the
/// sequence number it gave the last action, which observers such as the inspector are told.
@MainActor
public protocol ActionLog: AnyObject {
  /// The sequence number the log gave the last action reduced (right after a reduce, that action's;
  /// after a restart, the last one recovered): numbers that survive restarts.
  var lastActionSequence: UInt64 { get }
  /// The log's part of `switchyard status`.
  func report() -> JournalReport
  /// Why the log cannot record an action now, if it cannot: a client's action is then refused
  /// before it is reduced, so the state never holds what the log lacks.
  var refusal: String? { get }
  /// Calls `acknowledge` once every action reduced so far may be acknowledged to its sender — at
  /// once unless the log makes senders wait for the disk — with a sentence when the log failed.
  func whenAcknowledgeable(_ acknowledge: @escaping @MainActor @Sendable (_ failure: String?) -> Void)
  /// Adds the log's metrics to `registry` and returns what sets them, which the coordinator calls
  /// on each supervision tick, with the runtime's own, so that a scrape reads one moment.
  func metrics(in registry: MetricsRegistry) -> (@MainActor (_ now: ContinuousClock.Instant) -> Void)?
}

extension ActionLog {
  /// Never: the log records whatever it is given.
  public var refusal: String? { nil }

  /// None.
  public func metrics(in registry: MetricsRegistry) -> (@MainActor (_ now: ContinuousClock.Instant) -> Void)? { nil }
}
