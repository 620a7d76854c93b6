
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
  /// What an older (or newer) version of the application journaled does not decode in this build.
  case migration(MigrationError)
  /// Replay through this build reached another state than the journal recorded.
  case replayDiverged(ReplayDivergence)

  public var description: String {
    switch self {
    case let .undecodableRecord(sequence, reason):
      "Journal record \(sequence) does not hold an action of this application (\(reason)). The data directory was "
        + "written by this version of the application, so its types changed without a new dataVersion: raise it and "
        + "register a Migration; \(MigrationError.guide)."
    case let .undecodableSnapshot(sequence, reason):
      "The snapshot of record \(sequence) does not hold a state of this application (\(reason)). The data directory "
        + "was written by this version of the application, so its types changed without a new dataVersion: raise it and "
        + "register a Migration; \(MigrationError.guide)."
    case let .diverged(sequence, reason):
      "Replaying journal record \(sequence) went another way than when it was recorded: \(reason)"
    case let .poisoned(sequence, action, signal):
      "The last coordinator died of \(signal) reducing journal record \(sequence) (\(action)), so it is not replayed "
        + "again. Fix the reducer and start again, or start once with --skip-record \(sequence) to replay every record "
        + "but that one (and the events of the effects it made); what it would have done is lost."
    case let .migration(error):
      "\(error)"
    case let .replayDiverged(divergence):
      "\(divergence)"
    }
  }
}
