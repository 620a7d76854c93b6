/// What opening a journal found and did: the coordinator logs it and `status` shows it.
public struct JournalRecoveryReport: Sendable, Equatable {
  /// The sequence of the snapshot the state was restored from, or `nil` if it started empty.
  public var snapshotSequence: UInt64?
  /// How many records after the snapshot were replayed.
  public var replayedRecords: Int
  /// The last record in the journal; the next append gets the one after it.
  public var lastSequence: UInt64
  /// The lines recovery logged, one per change it made to the directory (a torn tail cut, a repair)
  /// and per damage it read past, which changes nothing (records a snapshot covers).
  public var changes: [String]
  /// The last record an older format version wrote (its directory was upgraded when opened), or 0
  /// when the current version wrote every record: what it journals beyond actions starts after.
  public var olderFormatThrough: UInt64 = 0
}
