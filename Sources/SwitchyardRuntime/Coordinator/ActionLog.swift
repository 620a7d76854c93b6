import SwitchyardWire

/// Where a coordinator's store records the actions it reduces, so a restarted coordinator can
/// rebuild its state: an ``ActionJournal``.
///
/// The coordinator asks it two things: its status, and when a `send` may be answered `sent`.
@MainActor
public protocol ActionLog: AnyObject {
  /// The log's part of `switchyard status`.
  func report() -> JournalReport
  /// Calls `acknowledge` once every action reduced so far may be acknowledged to its sender — at
  /// once unless the log makes senders wait for the disk — with a sentence when the log failed.
  func whenAcknowledgeable(_ acknowledge: @escaping @MainActor @Sendable (_ failure: String?) -> Void)
}
