import Foundation

/// Every remote effect the coordinator has admitted and not yet ended — queued, running, or
/// waiting to be retried — with its current attempt: the table the fence reads.
///
/// Each dispatch starts a new generation; a frame counts only if it names the effect's current
/// generation and comes from the worker running it. The table knows nothing of workers' processes
/// or transports: a supervisor moves effects between workers through ``begin(_:on:at:)`` and
/// ``detach(_:)``, whichever transport carries the frames.
@MainActor
final class EffectTable {
  // `@exclusivity(unchecked)`: main-actor state read and written on every remote effect, never
  // across a call that could reach it again, so the dynamic exclusivity check each access would
  // otherwise make (a thread-local lookup and a table insert) buys nothing.
  @exclusivity(unchecked) private var records: [Key: RemoteEffectRecord] = [:]
  private var nextID = EffectTable.firstID()
  /// No record's deadline is earlier: until it passes, ``expired(at:)`` reads no record, where the
  /// supervision clock would otherwise walk every effect in flight on each tick.
  @exclusivity(unchecked) private var earliestDeadline: ContinuousClock.Instant?
  /// Frames dropped because their effect was cancelled, superseded or retried elsewhere.
  private(set) var staleFrames: Int64 = 0

  /// A new effect id; ids are never reused, by this coordinator or by one before it on the same
  /// streams.
  func makeID() -> UInt64 {
    defer { nextID += 1 }
    return nextID
  }

  /// The first effect id of a coordinator started at `now`: the milliseconds since 2020 times 4,096.
  ///
  /// A coordinator restarted on a remote pool's streams meets workers still running its
  /// predecessor's jobs, and their cancels: with ids from 1 again, their outputs reached the new
  /// effects of the same ids, and remembered cancels dropped new jobs unrun. Ranges of successive
  /// coordinators meet only if one made more than 4,096 effects a millisecond; ids stay below 2^53
  /// (exact in a page's JavaScript) until 2089.
  static func firstID(now: Date = Date()) -> UInt64 {
    let milliseconds = max(0, (now.timeIntervalSince1970 - 1_577_836_800) * 1_000)
    return UInt64(milliseconds) << 12 + 1
  }

  /// The effect with `id`, if it has not ended.
  subscript(id: UInt64) -> RemoteEffectRecord? {
    records[Key(id)]
  }

  /// Admits an effect and starts its clock: time spent waiting for a worker counts toward its
  /// deadline, so an effect no worker takes fails `timeout` instead of waiting for ever.
  func insert(_ record: RemoteEffectRecord, at now: ContinuousClock.Instant = .now) {
    records[Key(record.id)] = record
    startClock(of: record, at: now)
  }

  /// Starts an attempt's clock, at admission or when a retry begins to wait: until a worker takes
  /// it, it may wait its ``RemoteEffectRecord/waitTimeout``.
  func startClock(of record: RemoteEffectRecord, at now: ContinuousClock.Instant) {
    record.waitingSince = now
    guard let timeout = record.waitTimeout else {
      record.deadline = nil
      return
    }
    let deadline = now + timeout
    record.deadline = deadline
    // Compared without `Optional.map`, whose closure would check its executor on every effect.
    if let earliest = earliestDeadline, earliest <= deadline { return }
    earliestDeadline = deadline
  }

  /// Ends an effect's place in the table; returns it if it had not ended already.
  @discardableResult
  func remove(_ id: UInt64) -> RemoteEffectRecord? {
    records.removeValue(forKey: Key(id))
  }

  /// Empties the table, returning what it held.
  func removeAll() -> [RemoteEffectRecord] {
    defer { records.removeAll() }
    return Array(records.values)
  }

  /// The effect a frame belongs to, if the frame is from its current generation on its current
  /// worker; otherwise the frame is stale, counted and to be dropped. The coordinator's fence.
  func current(_ effect: UInt64, generation: UInt32, from worker: Int) -> RemoteEffectRecord? {
    guard let record = records[Key(effect)], record.generation == generation, record.worker == worker else {
      staleFrames += 1
      return nil
    }
    return record
  }

  /// Starts a new attempt of `record` on `worker`: a new generation, on the clock that started
  /// when the attempt began to wait.
  func begin(_ record: RemoteEffectRecord, on worker: Int, at now: ContinuousClock.Instant) {
    record.generation &+= 1
    record.attempt += 1
    record.worker = worker
    record.dispatchedAt = now
    // Taken within its queue timeout: from now only its own timeout, since it began to wait, bounds it.
    if record.waitTimeout != record.timeout, let waitingSince = record.waitingSince {
      record.deadline = record.timeout.map { waitingSince + $0 }
    }
  }

  /// Takes `record` off its worker, so frames from that attempt are stale from now on.
  func detach(_ record: RemoteEffectRecord) {
    record.worker = nil
  }

  /// The effects, running or waiting, whose deadline has passed at `now`, earliest deadline first:
  /// queued effects that time out together then leave their queue from its front.
  func expired(at now: ContinuousClock.Instant) -> [RemoteEffectRecord] {
    guard let earliest = earliestDeadline, earliest <= now else { return [] }
    var expired: [(deadline: ContinuousClock.Instant, record: RemoteEffectRecord)] = []
    // The earliest deadline left, counting the expired ones: one still here on the next tick is
    // reported again.
    var earliestLeft: ContinuousClock.Instant?
    for record in records.values {
      guard let deadline = record.deadline else { continue }
      if deadline <= now { expired.append((deadline, record)) }
      if earliestLeft.map({ deadline < $0 }) ?? true { earliestLeft = deadline }
    }
    earliestDeadline = earliestLeft
    // Equal deadlines in the order admitted: ids are handed out in sequence.
    return expired.sorted { ($0.deadline, $0.record.id) < ($1.deadline, $1.record.id) }.map(\.record)
  }

  /// An effect id as the table's key. Ids are handed out in sequence, so one multiplication
  /// spreads them over the table's buckets as evenly as SipHash would, for a fraction of its cost:
  /// the table is read for every frame a worker sends.
  private struct Key: Hashable {
    let id: UInt64

    init(_ id: UInt64) {
      self.id = id
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(id)
    }

    // What `Dictionary` hashes with. An odd multiplier maps distinct low bits of the id to
    // distinct low bits of the hash, which pick the bucket.
    func _rawHashValue(seed: Int) -> Int {
      Int(truncatingIfNeeded: (id ^ UInt64(UInt(bitPattern: seed))) &* 0x9E37_79B9_7F4A_7C15)
    }
  }
}
