import SwitchyardWire

/// The coordinator's router for remote effects: admits them, places them on workers, dispatches,
/// completes, cancels, retries and times them out, between the ``EffectTable`` that fences their
/// frames and one ``PoolSupervisor`` per pool that keeps its workers alive.
///
/// It lives on the main actor with the store, so outputs reach the reducer without another hop,
/// and knows nothing of the reducer: a ``PoolJobExecutor`` connects the two.
@MainActor
@usableFromInline
final class RemoteRuntime {
  /// How workers are started and spoken to; tests may wrap it before ``start()``.
  var transport: any WorkerTransport
  /// Pools reached through a transport of their own instead of ``transport``.
  var transports: [JobKind: any WorkerTransport] = [:]
  let log: @Sendable (String) -> Void
  /// Where events with call-site fields go (``CoordinatorConfiguration/logEvent``).
  let logEvent: @Sendable (LogEvent) -> Void
  let tickInterval: Duration
  // `@exclusivity(unchecked)`: main-actor state read and written on every remote effect, never
  // across a call that could reach it again, so the dynamic exclusivity check each access would
  // otherwise make (a thread-local lookup and a table insert) buys nothing.
  @exclusivity(unchecked) var pools: [JobKind: WorkerPool] = [:]
  /// Each pool's supervisor, by kind.
  private(set) var supervisors: [JobKind: PoolSupervisor] = [:]
  /// Every admitted effect not yet ended, and the fence.
  let effects = EffectTable()
  var isShuttingDown = false
  /// What the supervision tick publishes for scrapes, when the coordinator serves metrics.
  var metrics: RuntimeMetrics?
  private var ticker: Task<Void, Never>?
  lazy var inbox = MainActorInbox<WorkerEvent> { [weak self] events in
    guard let self else { return }
    outgoing.gathering { self.deliver { self.handle(events) } }
  }
  let outgoing = OutgoingFrames()
  /// Wraps the delivery of a batch of workers' events: a coordinator installs its store's
  /// dependencies once for the batch here, rather than once per action the events become.
  var deliver: (@MainActor (() -> Void) -> Void) = { $0() }
  /// Hears each step of every effect's life, while a tool watches; `nil` costs a check per step.
  var lifeWatch: (@MainActor (EffectLifeEvent) -> Void)?

  init(
    pools: [PoolConfiguration],
    launch: WorkerLaunch,
    log: @escaping @Sendable (String) -> Void,
    logEvent: @escaping @Sendable (LogEvent) -> Void,
    maxFrameLength: Int,
    tickInterval: Duration
  ) {
    self.transport = PipeTransport(launch: launch, maxFrameLength: maxFrameLength)
    self.log = log
    self.logEvent = logEvent
    self.tickInterval = tickInterval
    for configuration in pools {
      self.pools[configuration.kind] = WorkerPool(configuration: configuration)
    }
    for pool in self.pools.values {
      supervisors[pool.kind] = PoolSupervisor(pool: pool, router: self, log: log, logEvent: logEvent)
    }
  }

  /// Spawns every pool's workers and starts the supervision clock.
  func start() {
    for supervisor in supervisors.values {
      for _ in 0..<supervisor.pool.configuration.size { supervisor.spawnWorker() }
    }
    ticker = Task { [weak self, tickInterval] in
      while !Task.isCancelled {
        try? await Task.sleep(for: tickInterval)
        self?.tick(now: .now)
      }
    }
  }

  /// Stops the supervision clock.
  func stopTicking() {
    ticker?.cancel()
    ticker = nil
  }

  // MARK: - Running effects

  /// Starts one job without a task: its outputs and then its end go to `report`, on the main
  /// actor, in order; the end may come before this returns. A cancelled job ends with
  /// `CancellationError`.
  ///
  /// Each output reaches `report` as the JSON it arrived in, for the caller to decode once into
  /// its type. `delivered` outputs reached the effect before (a coordinator before a crash did
  /// deliver them): the first attempt's `run` carries it and repeats below it are dropped, as for a
  /// retry. Returns the effect's record, to cancel it with; `nil` when the job did not encode.
  @usableFromInline
  func start<Job: RemoteJob>(
    _ job: Job,
    delivered: UInt64 = 0,
    report: @escaping RemoteEffectEvent.Handler
  ) -> RemoteEffectRecord? {
    let id = effects.makeID()
    let request: RemoteRequest
    do {
      request = try RemoteRequest(job)
    } catch {
      let failure = JobFailure(code: .malformed, message: "Could not encode \(Job.self) for a worker: \(error)")
      RemoteEffectEvent.end(.failure(failure), to: report)
      return nil
    }
    // One reading of the clock serves admission, the deadline and the dispatch.
    let now = ContinuousClock.now
    let record = RemoteEffectRecord(id: id, request: request, admittedAt: now, report: report)
    record.delivered = delivered
    record.router = self
    lifeWatch?(.started(effect: id, kind: request.kind, job: request.job))
    admit(record, at: now)
    return record
  }

  private func admit(_ record: RemoteEffectRecord, at now: ContinuousClock.Instant) {
    guard let pool = pools[record.kind] else {
      let known = pools.keys.map(\.rawValue).sorted().joined(separator: ", ")
      return record.resume(
        .failure(
          JobFailure(
            code: .unavailable,
            message: "No pool runs '\(record.kind)' jobs (pools: \(known)). Start one with --pools \(record.kind)=N."
          )
        )
      )
    }
    pool.metrics.recordStart()
    guard !isShuttingDown else {
      pool.metrics.record(.failed)
      return record.resume(.failure(JobFailure(code: .unavailable, message: "The coordinator is shutting down.")))
    }
    guard !pool.isFailed else {
      pool.metrics.record(.failed)
      return record.resume(.failure(JobFailure(code: .unavailable, message: poolFailedMessage(pool))))
    }
    switch pool.scheduler.place(record.id, key: record.affinityKey) {
    case let .worker(worker):
      effects.insert(record, at: now)
      dispatch(record, to: worker, in: pool, at: now)
    case .queued:
      effects.insert(record, at: now)
    case .overloaded:
      pool.metrics.record(.failed)
      record.resume(
        .failure(
          JobFailure(
            code: .overloaded,
            message: """
              The '\(pool.kind)' pool is overloaded: \(pool.scheduler.queuedCount) effects already wait \
              for its \(pool.readyCount) workers. Scale it up or send fewer jobs.
              """,
            retryable: true
          )
        )
      )
    }
  }

  /// Sends `record` to `worker` as a new generation.
  func dispatch(
    _ record: RemoteEffectRecord,
    to worker: Int,
    in pool: WorkerPool,
    at now: ContinuousClock.Instant = .now
  ) {
    guard let process = pool.workers[worker] else { return }
    effects.begin(record, on: worker, at: now)
    lifeWatch?(.attempt(effect: record.id, number: record.attempt, pid: process.pid))
    outgoing.send(to: process) { frame in
      Run.appendFrame(
        effect: record.id,
        generation: record.generation,
        kind: record.kind.rawValue,
        job: record.job,
        deadlineMillis: record.deadline.map { max(1, ($0 - now).milliseconds) },
        attempt: record.attempt,
        delivered: record.delivered > 0 ? record.delivered : nil,
        affinity: record.affinityKey,
        to: &frame
      )
    }
  }

  /// Dispatches effects the scheduler just gave `worker`.
  func dispatch(_ ids: [UInt64], to worker: Int, in pool: WorkerPool) {
    for id in ids {
      guard let record = effects[id] else {
        // Ended while it waited: it never starts, and the slot goes to the next in line.
        dispatch(pool.scheduler.complete(id, on: worker), to: worker, in: pool)
        continue
      }
      dispatch(record, to: worker, in: pool)
    }
  }

  /// Dispatches queued effects to every worker with free slots, after a worker left.
  func dispatchWaiting(in pool: WorkerPool) {
    for (worker, ids) in pool.scheduler.fillAll() {
      dispatch(ids, to: worker, in: pool)
    }
  }

  /// Ends an effect with `result`, frees its slot, and records it in its pool's metrics; `now` is
  /// when its end arrived, for its latency.
  func complete(
    _ record: RemoteEffectRecord,
    in pool: WorkerPool,
    with result: Result<Void, JobFailure>,
    at now: ContinuousClock.Instant = .now
  ) {
    effects.remove(record.id)
    let process = release(record, in: pool)
    switch result {
    case .success:
      pool.metrics.record(.completed(latency: now - record.admittedAt))
      process?.completed += 1
    case .failure:
      pool.metrics.record(.failed)
      process?.failed += 1
    }
    record.resume(result.mapError { $0 })
  }

  /// Takes `record` off its worker or out of the queue, handing the slot on; returns the worker
  /// it ran on, if that worker is still in the pool.
  @discardableResult
  func release(_ record: RemoteEffectRecord, in pool: WorkerPool) -> WorkerProcess? {
    guard let worker = record.worker else {
      _ = pool.scheduler.removeQueued(record.id)
      return nil
    }
    effects.detach(record)
    dispatch(pool.scheduler.complete(record.id, on: worker), to: worker, in: pool)
    guard let process = pool.workers[worker] else { return nil }
    // Only a draining worker's supervisor acts on it: most effects skip looking the supervisor up.
    if process.state.isDraining { supervisors[pool.kind]?.effectEnded(on: process) }
    return process
  }

  /// Cancels an effect: the worker is told, and the effect ends at once.
  @usableFromInline
  func cancel(_ id: UInt64) {
    guard let record = effects.remove(id), let pool = pools[record.kind] else { return }
    if let worker = record.worker {
      if let process = pool.workers[worker] {
        send(.cancel(.init(effect: id, generation: record.generation)), to: process)
      }
    }
    release(record, in: pool)
    pool.metrics.record(.cancelled)
    record.resume(.failure(CancellationError()))
  }

  /// Sends `message` to `process`, after every frame sent to it before.
  func send(_ message: WorkerMessage, to process: WorkerProcess) {
    outgoing.send(to: process) { message.appendFrame(to: &$0) }
  }

  /// Sends encoded frames to `process`, after every frame sent to it before.
  func send(_ bytes: [UInt8], to process: WorkerProcess) {
    outgoing.send(bytes, to: process)
  }

  func poolFailedMessage(_ pool: WorkerPool) -> String {
    guard case let .failed(reason) = pool.health else { return "The '\(pool.kind)' pool is not running." }
    return "The '\(pool.kind)' pool has failed (\(reason)). Scale it to revive it: switchyard scale \(pool.kind)=N."
  }
}

extension Duration {
  /// The duration in whole milliseconds.
  var milliseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
  }
}
