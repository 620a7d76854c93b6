/// Decides which worker of a pool runs each effect: least in-flight first, a per-worker limit, a
/// bounded queue whose overflow is refused rather than buffered, and affinity keys that keep
/// related effects on one worker.
///
/// An effect with an affinity key runs on the worker its key is bound to; a key binds to the
/// least-loaded worker and stays bound while any effect with it runs there, so the bindings held
/// are never more than the effects in flight. When the key's worker is at its in-flight limit the
/// effect waits in the queue for that worker rather than running elsewhere: affinity is kept and
/// the limit is respected, though the effect then waits on that worker's effects alone, however
/// idle the others are. When the worker drains or dies its keys are unbound, and bind again
/// wherever they next land.
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

  private struct Waiting {
    let effect: EffectID
    let key: String?
  }

  private(set) var inFlight: [WorkerID: Set<EffectID>] = [:]
  /// Workers that take new effects, in the order they joined; draining workers are not here.
  private(set) var accepting: [WorkerID] = []
  /// The worker each affinity key is bound to; only accepting workers are bound to.
  private(set) var homes: [String: WorkerID] = [:]
  /// How many effects of each bound key run, and the key of each such effect: a key is unbound
  /// when its last effect ends.
  private var keyedRunning: [String: Int] = [:]
  private var keys: [EffectID: String] = [:]
  private var queue: [Waiting] = []
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
  var queued: [EffectID] {
    queue[queueHead...].map(\.effect)
  }

  /// How many effects `worker` runs.
  func load(of worker: WorkerID) -> Int {
    inFlight[worker]?.count ?? 0
  }

  /// Adds a worker ready to take effects, or takes back one set aside with ``drain(_:)``; returns
  /// the queued effects it takes at once.
  mutating func addWorker(_ worker: WorkerID) -> [EffectID] {
    guard !accepting.contains(worker) else { return [] }
    if inFlight[worker] == nil { inFlight[worker] = [] }
    accepting.append(worker)
    return fill(worker)
  }

  /// Stops giving `worker` new effects; it keeps those it has until they complete. Its keys are
  /// unbound: call ``fillAll()`` for the effects that waited for it.
  mutating func drain(_ worker: WorkerID) {
    accepting.removeAll { $0 == worker }
    unbindKeys(of: worker)
  }

  /// Forgets `worker`; returns the effects it still had. Call ``fillAll()`` for the effects that
  /// waited for it.
  mutating func removeWorker(_ worker: WorkerID) -> Set<EffectID> {
    drain(worker)
    let effects = inFlight.removeValue(forKey: worker) ?? []
    for effect in effects { release(effect) }
    return effects
  }

  /// Places a new effect on its key's worker or the least-loaded one, or at the back of the queue,
  /// or refuses it.
  mutating func place(_ effect: EffectID, key: String? = nil) -> Placement {
    if let worker = worker(for: key) {
      assign(effect, key: key, to: worker)
      return .worker(worker)
    }
    guard queuedCount < queueLimit else { return .overloaded }
    queue.append(Waiting(effect: effect, key: key))
    return .queued
  }

  /// Places a retry: on a worker, or at the front of the queue even when it is full — the effect
  /// was already admitted, so refusing it now would lose it.
  mutating func placeFirst(_ effect: EffectID, key: String? = nil) -> Placement {
    if let worker = worker(for: key) {
      assign(effect, key: key, to: worker)
      return .worker(worker)
    }
    compact()
    queue.insert(Waiting(effect: effect, key: key), at: 0)
    return .queued
  }

  /// Marks an effect done on `worker`; returns the queued effects that take its slot.
  mutating func complete(_ effect: EffectID, on worker: WorkerID) -> [EffectID] {
    // Through the index: the optional-chained subscript's accessor allocated on every call.
    guard let index = inFlight.index(forKey: worker), inFlight.values[index].remove(effect) != nil else { return [] }
    release(effect)
    guard accepting.contains(worker) else { return [] }
    return fill(worker)
  }

  /// Gives queued effects to every worker with free slots: after a worker leaves, the effects that
  /// waited for it may run on the others.
  mutating func fillAll() -> [(worker: WorkerID, effects: [EffectID])] {
    var placed: [(worker: WorkerID, effects: [EffectID])] = []
    for worker in accepting {
      let taken = fill(worker)
      if !taken.isEmpty { placed.append((worker, taken)) }
    }
    return placed
  }

  /// Removes a queued effect that ended before its turn (timed out or cancelled), keeping the
  /// order of the rest; returns whether it was queued.
  ///
  /// At the front of the line, where effects that queued with the same timeout expire, it costs
  /// what a dispatch does. Elsewhere it moves the effects behind it: O(n) in the queue's length,
  /// which ``queueLimit`` bounds, paid only when a waiting effect ends early.
  mutating func removeQueued(_ effect: EffectID) -> Bool {
    guard let index = queue[queueHead...].firstIndex(where: { $0.effect == effect }) else { return false }
    if index == queueHead {
      dequeue()
    } else {
      queue.remove(at: index)
    }
    return true
  }

  /// Empties the queue, returning what was in it, first in line first.
  mutating func removeAllQueued() -> [EffectID] {
    defer {
      queue.removeAll()
      queueHead = 0
    }
    return queued
  }

  /// The worker an effect with `key` runs on now, if any: its key's worker while it has room,
  /// otherwise (no key, or a key not bound yet) the least-loaded worker.
  private func worker(for key: String?) -> WorkerID? {
    guard let key, let home = homes[key] else { return leastLoaded() }
    return load(of: home) < perWorkerLimit ? home : nil
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

  private mutating func assign(_ effect: EffectID, key: String?, to worker: WorkerID) {
    inFlight[worker]!.insert(effect)
    guard let key else { return }
    homes[key] = worker
    keyedRunning[key, default: 0] += 1
    keys[effect] = key
  }

  /// Forgets a running effect's key, unbinding the key when no effect of it runs any more.
  private mutating func release(_ effect: EffectID) {
    // Most effects have no key: checking for none spares hashing each one into an empty table.
    guard !keys.isEmpty, let key = keys.removeValue(forKey: effect), let running = keyedRunning[key] else { return }
    if running > 1 {
      keyedRunning[key] = running - 1
    } else {
      keyedRunning[key] = nil
      homes[key] = nil
    }
  }

  private mutating func unbindKeys(of worker: WorkerID) {
    guard homes.values.contains(worker) else { return }
    homes = homes.filter { $0.value != worker }
  }

  /// Takes queued effects, first in line first, skipping those whose key is bound to another worker.
  private mutating func fill(_ worker: WorkerID) -> [EffectID] {
    var taken: [EffectID] = []
    var index = queueHead
    // The queue first: it is usually empty, and reading the worker's load is a lookup.
    while index < queue.count, inFlight[worker]!.count < perWorkerLimit {
      let waiting = queue[index]
      if let key = waiting.key, let home = homes[key], home != worker {
        index += 1
        continue
      }
      if index == queueHead {
        dequeue()
        index = queueHead
      } else {
        queue.remove(at: index)
      }
      assign(waiting.effect, key: waiting.key, to: worker)
      taken.append(waiting.effect)
    }
    return taken
  }

  private mutating func dequeue() {
    queueHead += 1
    if queueHead == queue.count {
      queue.removeAll(keepingCapacity: true)
      queueHead = 0
    } else if queueHead > 1024, queueHead * 2 > queue.count {
      compact()
    }
  }

  private mutating func compact() {
    queue.removeFirst(queueHead)
    queueHead = 0
  }
}
