import SwitchyardWire

/// Routes remote effects: admits them, has their pool's supervisor place them, dispatches them to
/// workers, completes, cancels, retries and times them out, and carries out what each
/// ``PoolSupervisor`` returns about them (``PoolOutcome``). The ``EffectTable`` that fences
/// their replies is its own; the pools, their workers and schedulers are their supervisors'.
///
/// It lives on the main actor with the store, so outputs reach the reducer without another hop,
/// and knows nothing of the reducer: a ``PoolJobExecutor`` connects the two.
@MainActor
@usableFromInline
final class EffectRouter {
  /// How workers are started and spoken to; tests may wrap it, and pools started from then on
  /// start their workers through the wrapper.
  var transport: any WorkerTransport {
    didSet { handTransportsToSupervisors() }
  }
  /// Pools reached through a transport of their own instead of ``transport``.
  var transports: [JobKind: any WorkerTransport] = [:] {
    didSet { handTransportsToSupervisors() }
  }
  /// Where log events go (``CoordinatorConfiguration/logEvent``).
  let log: @Sendable (LogEvent) -> Void
  let tickInterval: Duration
  /// Each pool's supervisor, by kind.
  // `@exclusivity(unchecked)`: main-actor state read on every remote effect, never across a call
  // that could reach it again, so the dynamic exclusivity check each access would otherwise make
  // (a thread-local lookup and a table insert) buys nothing.
  @exclusivity(unchecked) private(set) var supervisors: [JobKind: PoolSupervisor] = [:]
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
  let outgoing = OutgoingCommands()
  /// Wraps the delivery of a batch of workers' events: a coordinator installs its store's
  /// dependencies once for the batch here, rather than once per action the events become.
  var deliver: (@MainActor (() -> Void) -> Void) = { $0() }
  /// Hears each step of every effect's life, while a tool watches; `nil` costs a check per step.
  var lifeWatch: (@MainActor (EffectLifeEvent) -> Void)?

  init(
    pools: [PoolConfiguration],
    launch: WorkerLaunch,
    log: @escaping @Sendable (LogEvent) -> Void,
    maxFrameLength: Int,
    tickInterval: Duration
  ) {
    self.transport = PipeTransport(launch: launch, maxFrameLength: maxFrameLength)
    self.log = log
    self.tickInterval = tickInterval
    for configuration in pools {
      supervisors[configuration.kind] = PoolSupervisor(configuration: configuration, inbox: inbox, outgoing: outgoing, log: log)
    }
  }

  /// How the workers of `kind` are started and spoken to.
  func transport(for kind: JobKind) -> any WorkerTransport {
    transports[kind] ?? transport
  }

  /// Gives each started supervisor its pool's transport as it is now.
  private func handTransportsToSupervisors() {
    for supervisor in supervisors.values where supervisor.transport != nil {
      supervisor.transport = transport(for: supervisor.kind)
    }
  }

  /// Spawns every pool's workers and starts the supervision clock.
  func start() {
    for supervisor in supervisors.values {
      apply(supervisor.start(through: transport(for: supervisor.kind)), in: supervisor)
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
    guard let supervisor = supervisors[record.kind] else {
      let known = supervisors.keys.map(\.rawValue).sorted().joined(separator: ", ")
      return record.resume(
        .failure(
          JobFailure(
            code: .unavailable,
            message: "No pool runs '\(record.kind)' jobs (pools: \(known)). Start one with --pools \(record.kind)=N."
          )
        )
      )
    }
    supervisor.recordStart()
    guard !isShuttingDown else {
      supervisor.record(.failed)
      return record.resume(.failure(JobFailure(code: .unavailable, message: "The coordinator is shutting down.")))
    }
    guard !supervisor.isFailed else {
      supervisor.record(.failed)
      return record.resume(.failure(JobFailure(code: .unavailable, message: supervisor.failureMessage)))
    }
    switch supervisor.place(record.id, key: record.affinityKey) {
    case let .worker(worker):
      effects.insert(record, at: now)
      dispatch(record, to: worker, in: supervisor, at: now)
    case .queued:
      effects.insert(record, at: now)
    case .overloaded:
      supervisor.record(.failed)
      record.resume(
        .failure(
          JobFailure(
            code: .overloaded,
            message: """
              The '\(supervisor.kind)' pool is overloaded: \(supervisor.queuedCount) effects already wait \
              for its \(supervisor.readyCount) workers. Scale it up or send fewer jobs.
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
    in supervisor: PoolSupervisor,
    at now: ContinuousClock.Instant = .now
  ) {
    guard let process = supervisor.worker(worker) else { return }
    effects.begin(record, on: worker, at: now)
    lifeWatch?(.attempt(effect: record.id, number: record.attempt, worker: process.peer))
    let run = JobDispatch(
      effect: record.id,
      generation: record.generation,
      kind: record.kind.rawValue,
      job: record.job,
      deadlineMillis: record.deadline.map { max(1, ($0 - now).milliseconds) },
      attempt: record.attempt,
      delivered: record.delivered > 0 ? record.delivered : nil,
      affinity: record.affinityKey
    )
    outgoing.send(.run(run), to: process)
  }

  /// Dispatches effects the scheduler just gave `worker`.
  func dispatch(_ ids: [UInt64], to worker: Int, in supervisor: PoolSupervisor) {
    for id in ids {
      guard let record = effects[id] else {
        // An effect that ends leaves the queue then; should an ended one still be handed a slot,
        // its job is not run, and the slot goes to the next in line.
        if let next = supervisor.release(id, from: worker, ending: .withdrawn) { apply(next, in: supervisor) }
        continue
      }
      dispatch(record, to: worker, in: supervisor)
    }
  }

  /// Ends an effect with `result`, frees its slot, and records it in its pool's metrics; `now` is
  /// when its end arrived, for its latency.
  func complete(
    _ record: RemoteEffectRecord,
    in supervisor: PoolSupervisor,
    with result: Result<Void, JobFailure>,
    at now: ContinuousClock.Instant = .now
  ) {
    effects.remove(record.id)
    switch result {
    case .success:
      supervisor.record(.completed(latency: now - record.admittedAt))
      release(record, in: supervisor, ending: .completed)
    case .failure:
      supervisor.record(.failed)
      release(record, in: supervisor, ending: .failed)
    }
    record.resume(result.mapError { $0 })
  }

  /// Takes `record` off its worker, out of the queue or out of its retry's backoff, handing the
  /// slot on: an effect that ends while it waits stops being counted as waiting at once.
  func release(_ record: RemoteEffectRecord, in supervisor: PoolSupervisor, ending: EffectEnding = .withdrawn) {
    if record.isAwaitingRetry {
      record.isAwaitingRetry = false
      return supervisor.recordRetryWaitEnded()
    }
    let worker = record.worker
    if worker != nil { effects.detach(record) }
    if let next = supervisor.release(record.id, from: worker, ending: ending) { apply(next, in: supervisor) }
  }

  /// Cancels an effect: the worker is told, and the effect ends at once.
  @usableFromInline
  func cancel(_ id: UInt64) {
    guard let record = effects.remove(id), let supervisor = supervisors[record.kind] else { return }
    if let worker = record.worker { cancel(record, on: worker, in: supervisor) }
    release(record, in: supervisor)
    supervisor.record(.cancelled)
    record.resume(.failure(CancellationError()))
  }

  /// Tells `worker` to stop `record`'s current attempt.
  func cancel(_ record: RemoteEffectRecord, on worker: Int, in supervisor: PoolSupervisor) {
    guard let process = supervisor.worker(worker) else { return }
    outgoing.send(.cancel(Cancel(effect: record.id, generation: record.generation)), to: process)
  }
}
