/// The coordinator's journal in a ``StatusReport``: how far it has written, how far that is on
/// disk, and its newest snapshot.
public struct JournalReport: Codable, Equatable, Sendable {
  /// The data directory the journal lives in.
  public var dataDir: String
  /// `always`, `batch` or `off`, as `start --fsync` set it.
  public var fsync: String
  /// The bytes the journal's segments and snapshots take on disk.
  public var bytes: Int64
  /// The last record: the last action reduced, whose record may still wait to be encoded.
  public var lastSequence: UInt64
  /// The last record on disk as the fsync mode promises.
  public var durableSequence: UInt64
  /// How long the last fsync took, in microseconds.
  public var lastSyncMicros: Int64
  /// How many fsyncs since the coordinator started: with `lastSequence`, how well group commit shares them.
  public var syncCount: UInt64
  /// The record the newest snapshot covers, absent before the first.
  public var snapshotSequence: UInt64?
  /// Why the journal stopped accepting records, absent while it works.
  public var failure: String?
  /// The application's data version, which its records and snapshots are written in; absent from
  /// coordinators older than data versions.
  public var dataVersion: Int?
  /// The oldest data version a record or snapshot still kept was written in: older than
  /// ``dataVersion`` until retention removes what an earlier deploy wrote.
  public var oldestDataVersion: Int?

  /// Creates a journal report.
  public init(
    dataDir: String,
    fsync: String,
    bytes: Int64,
    lastSequence: UInt64,
    durableSequence: UInt64,
    lastSyncMicros: Int64,
    syncCount: UInt64,
    snapshotSequence: UInt64? = nil,
    failure: String? = nil,
    dataVersion: Int? = nil,
    oldestDataVersion: Int? = nil
  ) {
    self.dataDir = dataDir
    self.fsync = fsync
    self.bytes = bytes
    self.lastSequence = lastSequence
    self.durableSequence = durableSequence
    self.lastSyncMicros = lastSyncMicros
    self.syncCount = syncCount
    self.snapshotSequence = snapshotSequence
    self.failure = failure
    self.dataVersion = dataVersion
    self.oldestDataVersion = oldestDataVersion
  }

  /// Records not yet durable, encoded or not: the fsync lag, what a crash now would lose.
  public var undurableRecords: UInt64 {
    lastSequence > durableSequence ? lastSequence - durableSequence : 0
  }
}
