import Dispatch
import Synchronization

/// The coordinator's durable, append-only record of what happened, with snapshots of its state.
///
/// Open it once per data directory with ``open(directory:options:restore:replay:)``, which
/// recovers the state; then ``append(_:)`` each action and, in `always` mode, answer its sender
/// only after ``waitUntilDurable(_:)``. A second process opening the same directory is refused.
public final class Journal: Sendable {
  /// What recovery found and did when the journal was opened.
  public let recovery: JournalRecoveryReport
  /// The options it was opened with.
  public let options: JournalOptions
  /// The data directory's path.
  public let directory: String

  private let writer: JournalWriter
  private let lock: DirectoryLock
  private let snapshots: SnapshotStore
  private let snapshotQueue = DispatchQueue(label: "switchyard-journal-snapshots")
  /// The newest snapshot's sequence and when its file was written, in nanoseconds since 1970.
  private let newestSnapshot: Mutex<(sequence: UInt64, writtenNanoseconds: Int64)?>
  private let highWaterMark: HighWaterMark
  /// Which application version wrote which records, this one's start included.
  private let versions: ApplicationVersions

  /// Opens (creating it if absent) the data directory at `directory`: takes its lock, checks its
  /// format, hands the newest sound snapshot to `restore` and every record after it to `replay`.
  ///
  /// With `restoringAtOrBefore`, the newest sound snapshot at or before that record is restored
  /// instead, when one is kept: the caller needs to replay the actions after it (the coordinator,
  /// to make again effects older than the newest snapshot).
  ///
  /// Throws ``JournalError`` for what is wrong with the directory, or what `restore` or `replay`
  /// threw; the directory is then released, and unchanged unless `options.repair` is set (or a
  /// torn tail was cut, which loses nothing that was durable).
  public static func open(
    directory: String,
    options: JournalOptions = JournalOptions(),
    restoringAtOrBefore limit: UInt64? = nil,
    restore: (JournalSnapshot) throws -> Void = { _ in },
    replay: (JournalRecord) throws -> Void
  ) throws -> Journal {
    let dataDirectory = DataDirectory(path: directory)
    try dataDirectory.create()
    let lock = try DirectoryLock(dataDirectory)
    do {
      let hasJournalFiles = try dataDirectory.names().contains { name in
        switch DataDirectory.entry(named: name) {
        case .segment, .snapshot: true
        default: false
        }
      }
      let format = try FormatFile.check(dataDirectory, hasJournalFiles: hasJournalFiles)
      var versions = try ApplicationVersions.read(dataDirectory)
      if versions.newest > options.applicationVersion {
        throw JournalError.newerApplicationVersion(directory: directory, found: versions.newest, build: options.applicationVersion)
      }
      var recovery = JournalRecovery(directory: dataDirectory, options: options)
      var outcome = try recovery.run(restoringAtOrBefore: limit, restore: restore, replay: replay)
      outcome.report.olderFormatThrough =
        format.version < DataDirectory.formatVersion
        ? try FormatFile.upgrade(dataDirectory, from: format, lastSequence: outcome.report.lastSequence).upgradedAfter
        : format.upgradedAfter
      try versions.begin(options.applicationVersion, from: outcome.report.lastSequence + 1, in: dataDirectory)
      // Written before any record is appended: from now on, losing the segment is never silent.
      let reached = HighWaterMark.Contents(segment: outcome.appender.firstSequence, through: outcome.report.lastSequence)
      if try HighWaterMark.read(dataDirectory) != reached { try HighWaterMark.write(reached, in: dataDirectory) }
      let highWaterMark = HighWaterMark(directory: dataDirectory, contents: reached)
      outcome.appender.highWaterMark = highWaterMark
      return Journal(
        directory: dataDirectory, options: options, lock: lock, outcome: outcome, highWaterMark: highWaterMark, versions: versions
      )
    } catch {
      lock.release()
      throw error
    }
  }

  private init(
    directory: DataDirectory,
    options: JournalOptions,
    lock: DirectoryLock,
    outcome: JournalRecovery.Outcome,
    highWaterMark: HighWaterMark,
    versions: ApplicationVersions
  ) {
    self.directory = directory.path
    self.versions = versions
    self.options = options
    self.lock = lock
    self.recovery = outcome.report
    self.snapshots = SnapshotStore(directory: directory)
    self.newestSnapshot = Mutex(
      outcome.report.snapshotSequence.map { sequence in
        let written = try? directory.attributes(of: DataDirectory.snapshotName(sequence: sequence)).modifiedNanoseconds
        return (sequence, written ?? SystemTime.wallClockNanoseconds())
      }
    )
    self.highWaterMark = highWaterMark
    self.writer = JournalWriter(
      appender: outcome.appender, nextSequence: outcome.nextSequence, durability: options.durability,
      replication: options.replication, log: options.log, observeFsync: options.observeFsync
    )
  }

  /// Appends `payload` and returns its sequence number; the bytes are on disk as the durability
  /// says, which ``waitUntilDurable(_:)`` waits for.
  ///
  /// Cheap and non-blocking: the record is queued in memory for the journal's writer thread.
  @discardableResult
  public func append(_ payload: [UInt8]) throws(JournalError) -> UInt64 {
    try payload.withUnsafeBytes { bytes in Result { () throws(JournalError) in try append(bytes) } }.get()
  }

  /// Appends the bytes `payload` points to and returns their sequence number.
  ///
  /// `heldSince`, a ``monotonicNanoseconds()`` reading, says that the caller has held the record
  /// since then: the durability's delay counts from there, so gathering records before appending
  /// them does not put more at risk than the durability says.
  @discardableResult
  public func append(_ payload: UnsafeRawBufferPointer, heldSince: Int64? = nil) throws(JournalError) -> UInt64 {
    try writer.append(payload, timestampNanoseconds: SystemTime.wallClockNanoseconds(), heldSince: heldSince)
  }

  /// Appends the records `batch` framed, which must start at the next sequence number: for a
  /// caller that gathers records, one copy and one lock for them all.
  ///
  /// `heldSince` is as for ``append(_:heldSince:)``. A batch that does not start at the next
  /// number is refused with ``JournalError/outOfSequence(expected:found:)``.
  public func append(_ batch: RecordBatch, heldSince: Int64? = nil) throws(JournalError) {
    try writer.append(batch, heldSince: heldSince)
  }

  /// Now, on a clock that never jumps and is cheap to read but only a few milliseconds precise:
  /// for deadlines far longer than that, checked often.
  public static func coarseMonotonicNanoseconds() -> Int64 {
    SystemTime.coarseMonotonicNanoseconds()
  }

  /// Now, on the clock the journal times its delays with, for ``append(_:heldSince:)``.
  public static func monotonicNanoseconds() -> Int64 {
    SystemTime.monotonicNanoseconds()
  }

  /// Returns once the record `sequence` is durable: fsynced under `always` and `batch`, handed to
  /// the operating system under `off`.
  public func waitUntilDurable(_ sequence: UInt64) async throws(JournalError) {
    let result = await withUnsafeContinuation { continuation in
      writer.whenDurable(sequence) { continuation.resume(returning: $0) }
    }
    try result.get()
  }

  /// Calls `completion` once the record `sequence` is durable, on the journal's writer thread: it
  /// must return quickly, as the next fsync waits for it.
  public func whenDurable(_ sequence: UInt64, _ completion: @escaping @Sendable (Result<Void, JournalError>) -> Void) {
    writer.whenDurable(sequence, completion)
  }

  /// Takes a snapshot of the state as it was after the record `sequence`, off the caller's thread:
  /// `encode` runs on the journal's snapshot queue, the journal is fsynced through `sequence`, the
  /// file is written atomically, and old snapshots and segments are removed as the options keep.
  ///
  /// `completion` runs on the snapshot queue with the outcome.
  public func snapshot(
    through sequence: UInt64,
    encode: @escaping @Sendable () throws -> [UInt8],
    completion: @escaping @Sendable (Result<JournalSnapshot, JournalError>) -> Void = { _ in }
  ) {
    snapshotQueue.async { [self] in
      completion(Result { () throws(JournalError) in try writeSnapshot(through: sequence, encode: encode) })
    }
  }

  /// Takes a snapshot as ``snapshot(through:encode:completion:)`` does, and returns it once written.
  @discardableResult
  public func snapshot(
    through sequence: UInt64,
    encode: @escaping @Sendable () throws -> [UInt8]
  ) async throws(JournalError) -> JournalSnapshot {
    let result = await withUnsafeContinuation { continuation in
      snapshot(through: sequence, encode: encode) { continuation.resume(returning: $0) }
    }
    return try result.get()
  }

  /// The sequence number of the last record appended, read without listing the data directory as
  /// ``status`` does: for a caller waiting for appends to catch up.
  public var lastSequence: UInt64 { writer.progress.last }

  /// Why writing is stalled, while it is: a write found the disk full, and the journal holds the
  /// records appended since in memory, retrying with a growing delay until a write succeeds.
  ///
  /// Cheap: a caller may ask before each action it would append, to refuse it instead.
  public var stall: JournalError? { writer.stall }

  /// How far appends, fsyncs and snapshots have got, and the journal's size on disk.
  ///
  /// Lists the data directory, so it is for a status request, not for every action.
  public var status: JournalStatus {
    let progress = writer.progress
    let newest = newestSnapshot.withLock { $0 }
    let dataDirectory = DataDirectory(path: directory)
    // A snapshot covering record S was written by the version that wrote S, or for S = 0 (a new
    // directory's first state) by the one that wrote record 1; versions only grow with records.
    let oldest = versions.version(of: max(1, (try? dataDirectory.oldestKeptSequence()) ?? progress.last))
    return JournalStatus(
      lastSequence: progress.last,
      durableSequence: progress.durable,
      lastSyncNanoseconds: progress.lastSyncNanoseconds,
      syncCount: progress.syncCount,
      snapshotSequence: newest?.sequence,
      snapshotWrittenNanoseconds: newest?.writtenNanoseconds,
      bytes: (try? dataDirectory.journalBytes()) ?? 0,
      applicationVersion: options.applicationVersion,
      oldestApplicationVersion: min(oldest, options.applicationVersion)
    )
  }

  /// Writes and fsyncs every appended record, stops the writer thread and releases the data
  /// directory; appends after it throw.
  public func close() {
    // Snapshots already asked for are finished first: they need the writer to fsync.
    snapshotQueue.sync {}
    writer.close()
    // Every record is durable now: a segment found shorter at the next start was cut, not torn.
    highWaterMark.close(durableThrough: writer.progress.durable)
    lock.release()
  }

  // A journal dropped without `close()` still writes what it was given and frees its thread. The
  // snapshot queue is not waited for: this may be the queue's own last reference being dropped.
  deinit {
    writer.close()
    highWaterMark.stopRaising()
    lock.release()
  }

  private func writeSnapshot(through sequence: UInt64, encode: () throws -> [UInt8]) throws(JournalError) -> JournalSnapshot {
    let state: [UInt8]
    do {
      state = try encode()
    } catch {
      throw .snapshotEncodingFailed(reason: "\(error)")
    }
    let snapshot = JournalSnapshot(
      sequence: sequence, timestampNanoseconds: SystemTime.wallClockNanoseconds(), state: state,
      applicationVersion: options.applicationVersion
    )
    try writer.synchronize(through: sequence)
    try snapshots.write(snapshot)
    do {
      try options.replication?.replicate(snapshot, keeping: options.snapshotsKept)
    } catch {
      throw .snapshotNotReplicated(sequence: sequence, reason: "\(error)")
    }
    let written = SystemTime.wallClockNanoseconds()
    newestSnapshot.withLock { newest in
      if sequence >= newest?.sequence ?? 0 { newest = (sequence, written) }
    }
    highWaterMark.raise(through: sequence)
    try snapshots.applyRetention(keeping: options.snapshotsKept, history: options.historyRetention, now: SystemTime.wallClockNanoseconds())
    return snapshot
  }
}
