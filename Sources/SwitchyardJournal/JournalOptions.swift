import SwitchyardLog
/// How a ``Journal`` writes, rotates, keeps and recovers its files.
public struct JournalOptions: Sendable {
  /// When appended records are on disk.
  public var durability: Durability
  /// A segment is closed and a new one started once it holds at least this many bytes.
  public var segmentSize: Int
  /// How many snapshots to keep; the journal is kept from the oldest of them on, so a damaged
  /// newest snapshot falls back to the one before it.
  public var snapshotsKept: Int
  /// How long segments are kept for `history`, beyond what the kept snapshots need.
  public var historyRetention: HistoryRetention
  /// Whether recovery may cut a damaged journal at the damage, setting the files after it aside
  /// (renamed `*.damaged`), instead of refusing to open it.
  public var repair: Bool
  /// Receives the one event recovery logs for each thing it changed (a torn tail it cut, a
  /// repair, a leftover it removed), with the file as its `file` field, and an error when writing
  /// stalls on a full disk and an info event when it resumes.
  public var log: @Sendable (LogEvent) -> Void
  /// Hears how long each fsync of appended records took, on the journal's writer thread and
  /// outside its lock: for a latency histogram that costs the appender nothing.
  public var observeFsync: (@Sendable (Duration) -> Void)?
  /// Where every record and snapshot is copied before it counts as durable, if anywhere.
  public var replication: (any JournalReplication)?
  /// The version of the application that writes: snapshots and records say it, and a directory a
  /// newer version wrote into is refused.
  public var applicationVersion: Int

  /// Creates options; the defaults suit a coordinator.
  public init(
    durability: Durability = .default,
    segmentSize: Int = 64 << 20,
    snapshotsKept: Int = 2,
    historyRetention: HistoryRetention = HistoryRetention(),
    repair: Bool = false,
    log: @escaping @Sendable (LogEvent) -> Void = { _ in },
    replication: (any JournalReplication)? = nil,
    applicationVersion: Int = 1,
    observeFsync: (@Sendable (Duration) -> Void)? = nil
  ) {
    self.durability = durability
    self.segmentSize = segmentSize
    self.snapshotsKept = max(1, snapshotsKept)
    self.historyRetention = historyRetention
    self.repair = repair
    self.log = log
    self.replication = replication
    self.applicationVersion = max(1, applicationVersion)
    self.observeFsync = observeFsync
  }
}
