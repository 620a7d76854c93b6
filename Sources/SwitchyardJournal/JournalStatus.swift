/// How far the journal has got: what `switchyard status` shows.
public struct JournalStatus: Sendable, Equatable {
  /// The last sequence number appended.
  public var lastSequence: UInt64
  /// The last sequence number on disk as the durability promises.
  public var durableSequence: UInt64
  /// How long the last fsync took, in nanoseconds: the disk's share of an `always` append's latency.
  public var lastSyncNanoseconds: Int64
  /// How many fsyncs the journal has made since it was opened; with ``lastSequence``, how well
  /// group commit shares them.
  public var syncCount: UInt64
  /// The sequence the newest snapshot covers, if one was taken or recovered.
  public var snapshotSequence: UInt64?
  /// When the newest snapshot's file was written, in nanoseconds since 1970 (UTC): its file's
  /// modification time for one recovered at open.
  public var snapshotWrittenNanoseconds: Int64?
  /// The bytes the segments and snapshots take on disk.
  public var bytes: Int
  /// The version of the application appending: ``JournalOptions/applicationVersion``.
  public var applicationVersion: Int = 1
  /// The oldest version of the application that wrote a record or snapshot the directory still
  /// keeps: older than ``applicationVersion`` until retention removes what came before a deploy.
  public var oldestApplicationVersion: Int = 1

  /// How many appended records are not yet durable.
  public var undurableRecords: UInt64 {
    lastSequence - durableSequence
  }
}
