/// Decides which worker of a pool runs each effect: least in-flight first, a per-worker limit, and
/// a bounded queue whose overflow is refused rather than buffered.
///
/// A pure value, so the dispatch rules are tested without processes.
struct PoolScheduler<WorkerID: Hashable, EffectID: Hashable> {
  /// Where an effect went.
  enum Placement: Equatable {
    /// Dispatch it to this worker now.
    case worker(WorkerID)
    /// It waits for a free slot.
    case queued
    /// The queue is full: refuse it.
    case overloaded
  }

  private(set) var inFlight: [WorkerID: Set<EffectID>] = [:]
  /// Workers that take new effects, in the order they joined; draining workers are not here.
  private(set) var accepting: [WorkerID] = []
  private var queue: [EffectID] = []
  private var queueHead = 0
  let perWorkerLimit: Int
  let queueLimit: Int

  init(perWorkerLimit: Int, queueLimit: Int) {
    self.perWorkerLimit = max(1, perWorkerLimit)
    self.queueLimit = max(0, queueLimit)
  }

  /// How many effects wait for a worker.
  var queuedCount: Int {
    queue.count - queueHead
  }

  /// Effects waiting for a worker, first in line first.
  var queued: ArraySlice<EffectID> {
    queue[queueHead...]
  }

  /// How many effects `worker` runs.
  func load(of worker: WorkerID) -> Int {
    inFlight[worker]?.count ?? 0
  }

  /// Adds a worker ready to take effects; returns the queued effects it takes at once.
  mutating func addWorker(_ worker: WorkerID) -> [EffectID] {
    guard inFlight[worker] == nil else { return [] }
    inFlight[worker] = []
    accepting.append(worker)
    return fill(worker)
  }

  /// Stops giving `worker` new effects; it keeps those it has until they complete.
  mutating func drain(_ worker: WorkerID) {
    accepting.removeAll { $0 == worker }
  }

  /// Forgets `worker`; returns the effects it still had.
  mutating func removeWorker(_ worker: WorkerID) -> Set<EffectID> {
    accepting.removeAll { $0 == worker }
    return inFlight.removeValue(forKey: worker) ?? []
  }

  /// Places a new effect on the least-loaded worker, or at the back of the queue, or refuses it.
  mutating func place(_ effect: EffectID) -> Placement {
    if let worker = leastLoaded() {
      inFlight[worker]!.insert(effect)
      return .worker(worker)
    }
    guard queuedCount < queueLimit else { return .overloaded }
    queue.append(effect)
    return .queued
  }

  /// Places a retry: on a worker, or at the front of the queue even when it is full — the effect
  /// was already admitted, so refusing it now would lose it.
  mutating func placeFirst(_ effect: EffectID) -> Placement {
    if let worker = leastLoaded() {
      inFlight[worker]!.insert(effect)
      return .worker(worker)
    }
    compact()
    queue.insert(effect, at: 0)
    return .queued
  }

  /// Marks an effect done on `worker`; returns the queued effects that take its slot.
  mutating func complete(_ effect: EffectID, on worker: WorkerID) -> [EffectID] {
    guard inFlight[worker]?.remove(effect) != nil else { return [] }
    guard accepting.contains(worker) else { return [] }
    return fill(worker)
  }

  /// Removes a queued effect, cancelled before it started; returns whether it was queued.
  mutating func removeQueued(_ effect: EffectID) -> Bool {
    guard let index = queue[queueHead...].firstIndex(of: effect) else { return false }
    queue.remove(at: index)
    return true
  }

  /// Empties the queue, returning what was in it, first in line first.
  mutating func removeAllQueued() -> [EffectID] {
    defer {
      queue.removeAll()
      queueHead = 0
    }
    return Array(queued)
  }

  private func leastLoaded() -> WorkerID? {
    var best: WorkerID?
    var bestLoad = perWorkerLimit
    for worker in accepting {
      let load = inFlight[worker]!.count
      if load < bestLoad {
        best = worker
        bestLoad = load
      }
    }
    return best
  }

  private mutating func fill(_ worker: WorkerID) -> [EffectID] {
    var taken: [EffectID] = []
    while inFlight[worker]!.count < perWorkerLimit, let next = dequeue() {
      inFlight[worker]!.insert(next)
      taken.append(next)
    }
    return taken
  }

  private mutating func dequeue() -> EffectID? {
    guard queueHead < queue.count else { return nil }
    let next = queue[queueHead]
    queueHead += 1
    if queueHead == queue.count {
      queue.removeAll(keepingCapacity: true)
      queueHead = 0
    } else if queueHead > 1024, queueHead * 2 > queue.count {
      compact()
    }
    return next
  }

  private mutating func compact() {
    queue.removeFirst(queueHead)
    queueHead = 0
  }
}
