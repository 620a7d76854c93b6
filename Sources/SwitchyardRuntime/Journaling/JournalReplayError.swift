/// Why a journal could not be replayed through the application's reducer.
public enum JournalReplayError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A record's payload is not an action this application decodes.
  case undecodableRecord(sequence: UInt64, reason: String)
  /// A snapshot's state is not a state this application decodes.
  case undecodableSnapshot(sequence: UInt64, reason: String)
  /// Reducing a record's action asked its dependencies for other values than were recorded.
  case diverged(sequence: UInt64, reason: String)
  /// The last coordinator died of `signal` reducing the record's action, `action` its case path:
  /// replaying it would die the same way.
  case poisoned(sequence: UInt64, action: String, signal: String)

  public var description: String {
    switch self {
    case let .undecodableRecord(sequence, reason):
      "Journal record \(sequence) does not hold an action of this application (\(reason)). The data directory was "
        + "written by another version of the application; run that version, or start with another --data-dir."
    case let .undecodableSnapshot(sequence, reason):
      "The snapshot of record \(sequence) does not hold a state of this application (\(reason)). The data directory "
        + "was written by another version of the application; run that version, or start with another --data-dir."
    case let .diverged(sequence, reason):
      "Replaying journal record \(sequence) went another way than when it was recorded: \(reason)"
    case let .poisoned(sequence, action, signal):
      "The last coordinator died of \(signal) reducing journal record \(sequence) (\(action)), so it is not replayed "
        + "again. Fix the reducer and start again, or start once with --skip-record \(sequence) to replay every record "
        + "but that one (and the events of the effects it made); what it would have done is lost."
    }
  }
}
