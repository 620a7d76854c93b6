import SwitchyardLog
import Foundation
import Synchronization

/// Appends records to memory on the caller's thread and writes and fsyncs them on a thread of
/// its own, so neither the coordinator's actor nor Swift's cooperative pool ever blocks on disk.
///
/// Appenders that arrive while an fsync is under way are written and fsynced together by the next
/// one: group commit, which is what makes `always` affordable under concurrency.
final class JournalWriter: @unchecked Sendable {
  typealias Completion = @Sendable (Result<Void, JournalError>) -> Void

  private enum Phase {
    case running
    /// A write failed for want of space and was undone: the records wait in memory, more may
    /// join them, and the write is tried again at `retryAt` (``SystemTime/monotonicNanoseconds()``),
    /// waiting twice as long after each failure, up to ``maximumBackoff``.
    case stalled(JournalError, retryAt: Int64, backoff: Int64)
    case closing
    case stopped(JournalError)
  }

  /// How long the first retry of a stalled write waits, and the longest any waits, in nanoseconds.
  static let firstBackoff: Int64 = 50_000_000
  static let maximumBackoff: Int64 = 2_000_000_000

  let durability: Durability
  /// Gets every batch as it is written to disk (alongside), before any record of it is durable.
  private let replication: (any JournalReplication)?
  /// Hears that writing stalled, and that it resumed.
  private let log: @Sendable (LogEvent) -> Void
  /// Hears how long each fsync took, on this thread and outside the lock.
  private let observeFsync: (@Sendable (Duration) -> Void)?
  // Everything below is guarded by `condition`, except `appender`, which only the writer thread uses.
  private let condition = NSCondition()
  private var phase = Phase.running {
    didSet {
      if case .stalled = phase { isStalled.store(true, ordering: .relaxed) } else { isStalled.store(false, ordering: .relaxed) }
    }
  }
  /// Whether `phase` is `stalled`, read without the lock: every client action asks (``stall``),
  /// and the writer thread holds the lock as it works.
  private let isStalled = Atomic<Bool>(false)
  private var pending: [UInt8] = []
  private var spare: [UInt8] = []
  private var pendingSince: Int64 = 0
  private var nextSequence: UInt64
  private var writtenSequence: UInt64
  private var syncedSequence: UInt64
  private var syncRequestedThrough: UInt64 = 0
  private var waiters: [(sequence: UInt64, completion: Completion)] = []
  private var lastSyncNanoseconds: Int64 = 0
  private var syncCount: UInt64 = 0
  private var isFinished = false
  private var appender: SegmentAppender
  /// The last record the replica has, and how many leading bytes of a stalled batch it holds
  /// already; only the writer thread uses them.
  private var copiedThrough: UInt64
  private var copiedBytes = 0

  /// Starts the writer thread; the next record appended is `nextSequence`.
  init(
    appender: SegmentAppender, nextSequence: UInt64, durability: Durability, replication: (any JournalReplication)? = nil,
    log: @escaping @Sendable (LogEvent) -> Void = { _ in }, observeFsync: (@Sendable (Duration) -> Void)? = nil
  ) {
    self.appender = appender
    self.durability = durability
    self.replication = replication
    self.log = log
    self.observeFsync = observeFsync
    self.nextSequence = nextSequence
    self.writtenSequence = nextSequence - 1
    self.syncedSequence = nextSequence - 1
    self.copiedThrough = nextSequence - 1
    Thread.detachNewThread { [self] in
      nameCurrentThread("sy-journal")
      run()
    }
  }

  /// Assigns the next sequence number to `payload` and queues it for the writer thread; the delay
  /// before it is written counts from `heldSince` when the caller held it that long already.
  func append(_ payload: UnsafeRawBufferPointer, timestampNanoseconds: Int64, heldSince: Int64? = nil) throws(JournalError) -> UInt64 {
    try checkSize(of: payload)
    condition.lock()
    defer { condition.unlock() }
    return try appendLocked(payload, timestampNanoseconds: timestampNanoseconds, heldSince: heldSince)
  }

  /// Queues the records `batch` framed, which must be numbered from the next sequence number.
  func append(_ batch: RecordBatch, heldSince: Int64?) throws(JournalError) {
    guard batch.count > 0 else { return }
    condition.lock()
    defer { condition.unlock() }
    if let reason = stoppedReason { throw .stopped(reason: reason) }
    guard batch.firstSequence == nextSequence else { throw .outOfSequence(expected: nextSequence, found: batch.firstSequence) }
    notePending(heldSince: heldSince)
    pending.append(contentsOf: batch.bytes)
    nextSequence += UInt64(batch.count)
  }

  private func checkSize(of payload: UnsafeRawBufferPointer) throws(JournalError) {
    guard payload.count <= RecordLayout.maximumPayloadSize else {
      throw .payloadTooLarge(size: payload.count, limit: RecordLayout.maximumPayloadSize)
    }
  }

  /// Appends one record; `condition` is held.
  private func appendLocked(_ payload: UnsafeRawBufferPointer, timestampNanoseconds: Int64, heldSince: Int64?) throws(JournalError) -> UInt64 {
    if let reason = stoppedReason { throw .stopped(reason: reason) }
    let sequence = nextSequence
    nextSequence += 1
    notePending(heldSince: heldSince)
    RecordLayout.encode(sequence: sequence, timestampNanoseconds: timestampNanoseconds, payload: payload, into: &pending)
    return sequence
  }

  /// Notes when the records about to be queued were first held, if the queue is empty; `condition`
  /// is held.
  private func notePending(heldSince: Int64?) {
    guard pending.isEmpty else { return }
    let now = SystemTime.monotonicNanoseconds()
    pendingSince = heldSince.map { min($0, now) } ?? now
    // Only an empty queue can have left the writer thread asleep with nothing to wait for.
    condition.signal()
  }

  /// Calls `completion` on the writer thread once `sequence` is durable, or at once if it is.
  func whenDurable(_ sequence: UInt64, _ completion: @escaping Completion) {
    condition.lock()
    if let reason = stoppedReason {
      condition.unlock()
      return completion(.failure(.stopped(reason: reason)))
    }
    guard sequence > durableSequence else {
      condition.unlock()
      return completion(.success(()))
    }
    waiters.append((sequence, completion))
    condition.unlock()
  }

  /// Blocks until every record through `sequence` is fsynced, whatever the durability: a snapshot
  /// must never cover records the disk does not hold.
  func synchronize(through sequence: UInt64) throws(JournalError) {
    condition.lock()
    defer { condition.unlock() }
    let target = min(sequence, nextSequence - 1)
    syncRequestedThrough = max(syncRequestedThrough, target)
    condition.signal()
    while syncedSequence < target {
      if let reason = stoppedReason { throw .stopped(reason: reason) }
      if case let .stalled(error, _, _) = phase { throw .stalled(reason: "\(error)") }
      condition.wait()
    }
  }

  /// Why writing is stalled, while it is: the records wait in memory until a retry succeeds.
  var stall: JournalError? {
    guard isStalled.load(ordering: .relaxed) else { return nil }
    return condition.withLock {
      if case let .stalled(error, _, _) = phase { return error }
      return nil
    }
  }

  /// Writes and fsyncs everything appended, stops the thread and closes the segment.
  func close() {
    condition.lock()
    switch phase {
    case .running, .stalled: phase = .closing
    case .closing, .stopped: break
    }
    condition.signal()
    while !isFinished { condition.wait() }
    condition.unlock()
  }

  /// The last sequence number assigned, the last durable one, how long the last fsync took and
  /// how many there were.
  var progress: (last: UInt64, durable: UInt64, lastSyncNanoseconds: Int64, syncCount: UInt64) {
    condition.withLock { (nextSequence - 1, durableSequence, lastSyncNanoseconds, syncCount) }
  }

  private var durableSequence: UInt64 {
    if case .off = durability { return writtenSequence }
    return syncedSequence
  }

  private var stoppedReason: String? {
    switch phase {
    case .running, .stalled: nil
    case .closing: "it was closed"
    case let .stopped(error): "it stopped after an error (\(error))"
    }
  }

  private var maxDelayNanoseconds: Int64? {
    switch durability {
    case .always: nil
    case let .batch(delay), let .off(delay): delay.wholeNanoseconds
    }
  }

  private var hasSyncRequest: Bool {
    syncRequestedThrough > syncedSequence
  }

  private func run() {
    condition.lock()
    while true {
      while pending.isEmpty && !hasSyncRequest, case .running = phase { condition.wait() }
      if case .stopped = phase { break }
      if case .closing = phase, pending.isEmpty, syncedSequence == writtenSequence { break }
      if case let .stalled(_, retryAt, _) = phase {
        let remaining = retryAt - SystemTime.monotonicNanoseconds()
        if remaining > 0 {
          _ = condition.wait(until: Date(timeIntervalSinceNow: Double(remaining) / 1e9))
          continue
        }
        flushOnce()
        continue
      }
      if let delay = maxDelayNanoseconds, case .running = phase {
        // Batch: let appends gather until the oldest has waited its limit, unless someone needs an fsync now.
        let deadline = pendingSince + delay
        while !hasSyncRequest, case .running = phase {
          let remaining = deadline - SystemTime.monotonicNanoseconds()
          if remaining <= 0 { break }
          _ = condition.wait(until: Date(timeIntervalSinceNow: Double(remaining) / 1e9))
        }
      }
      flushOnce()
    }
    appender.close()
    let failed = waiters
    waiters = []
    let reason = stoppedReason ?? "it was closed"
    condition.unlock()
    // Told before ``close()`` returns, not after: a caller that closed and then read what its
    // waiters heard found nothing yet. No waiter is added meanwhile: the phase refuses them.
    for waiter in failed { waiter.completion(.failure(.stopped(reason: reason))) }
    condition.lock()
    isFinished = true
    condition.broadcast()
    condition.unlock()
  }

  /// After `failure`, holds the records it failed to write to try again later, if it was a write
  /// that found no space (the appender undid it), unless the journal is closing; else stops the
  /// journal. Called with the lock held and the failed records in `spare`.
  private func stallOrStop(after failure: JournalError) {
    let backoff: Int64
    switch phase {
    case .running: backoff = Self.firstBackoff
    case let .stalled(_, _, previous): backoff = min(previous * 2, Self.maximumBackoff)
    case .closing, .stopped:
      phase = .stopped(failure)
      return
    }
    guard failure.isOutOfSpace else {
      // A failed fsync leaves the file's contents unknown; retrying could acknowledge records the
      // disk lost, so the journal stops and says why.
      phase = .stopped(failure)
      return
    }
    if case .running = phase {
      log(.error("\(failure) The journal holds new records in memory and tries again until a write succeeds."))
    }
    pending = spare + pending
    phase = .stalled(failure, retryAt: SystemTime.monotonicNanoseconds() + backoff, backoff: backoff)
    // A snapshot waiting for an fsync hears it will not come soon.
    condition.broadcast()
  }

  /// Starts copying the records in `spare` through `last` that the replica does not have yet,
  /// alongside the local write; `nil` with no replica or nothing new for it.
  private func copy(through last: UInt64) -> ReplicationInFlight? {
    guard let replication, last > copiedThrough, spare.count > copiedBytes else { return nil }
    let records = copiedBytes == 0 ? spare : Array(spare[copiedBytes...])
    return ReplicationInFlight(replication, records: records, first: copiedThrough + 1, last: last)
  }

  /// Writes what is pending and fsyncs it; called and returns with the lock held.
  private func flushOnce() {
    swap(&pending, &spare)
    let first = writtenSequence + 1
    let last = nextSequence - 1
    let mustSync: Bool
    switch (durability, phase) {
    case (.off, .running): mustSync = hasSyncRequest
    default: mustSync = true
    }
    condition.unlock()
    let copying = copy(through: last)
    var failure: JournalError?
    var syncNanoseconds: Int64 = 0
    do {
      try appender.write(spare, firstSequence: first)
      if mustSync {
        let started = SystemTime.monotonicNanoseconds()
        try appender.synchronize()
        syncNanoseconds = SystemTime.monotonicNanoseconds() - started
        observeFsync?(.nanoseconds(syncNanoseconds))
      }
    } catch {
      failure = error
    }
    if let copying, let error = copying.wait() {
      // Its records may be on the local disk but are not acknowledged; the replica decides what stands.
      condition.lock()
      phase = .stopped(.replicationFailed(first: max(first, copiedThrough + 1), last: last, reason: "\(error)"))
      spare.removeAll(keepingCapacity: true)
      return
    }
    if copying != nil { copiedThrough = last }
    // A stalled write is tried again with these records first: they are not copied twice.
    copiedBytes = failure == nil ? 0 : spare.count
    condition.lock()
    if let failure {
      stallOrStop(after: failure)
      spare.removeAll(keepingCapacity: true)
      return
    }
    spare.removeAll(keepingCapacity: true)
    if case let .stalled(error, _, _) = phase {
      phase = .running
      log(.info("The journal writes again; the records it held in memory are on disk. It had stalled on: \(error)"))
    }
    writtenSequence = last
    if mustSync {
      syncedSequence = last
      lastSyncNanoseconds = syncNanoseconds
      syncCount += 1
    }
    let durable = durableSequence
    var ready: [Completion] = []
    waiters.removeAll { waiter in
      guard waiter.sequence <= durable else { return false }
      ready.append(waiter.completion)
      return true
    }
    condition.broadcast()
    condition.unlock()
    for completion in ready { completion(.success(())) }
    if mustSync { appender.highWaterMark?.recordsDurable(through: last) }
    condition.lock()
  }
}
