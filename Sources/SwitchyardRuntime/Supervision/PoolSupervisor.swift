#if canImport(Glibc)
import Glibc
#endif
import SwitchyardMetrics
import SwitchyardWire

/// Keeps one pool's workers alive, as an OTP supervisor keeps its children: it owns the pool, its
/// workers and its scheduler, receives its workers' events (hello, heartbeats, exits) itself,
/// starts workers through the transport, watches their liveness, restarts them within its
/// ``RestartPolicy``'s intensity, fails the pool when that is exceeded (revived when it is
/// scaled), and drains workers leaving it.
///
/// It knows workers and where effects are placed, never the effects themselves: what happened to
/// effects comes back from each call as ``PoolOutcome`` values, which the ``EffectRouter`` carries
/// out. It calls nobody back.
@MainActor
final class PoolSupervisor {
  /// The pool, its workers and its scheduler: changed only by the supervisor's own files.
  let pool: WorkerPool
  private let inbox: MainActorInbox<WorkerEvent>
  let outgoing: OutgoingCommands
  /// Where its events go, each with the pool and, about one worker, its pid as fields.
  let log: @Sendable (LogEvent) -> Void
  /// How its workers are started, from ``start(through:)`` on; the router replaces it when its
  /// own is replaced (tests wrap it).
  var transport: (any WorkerTransport)?
  private var nextWorkerID = 1
  var nextPingNonce: UInt64 = 0
  /// Set once the coordinator shuts down: nothing is started or restarted from then on.
  private(set) var isShuttingDown = false

  init(
    configuration: PoolConfiguration,
    inbox: MainActorInbox<WorkerEvent>,
    outgoing: OutgoingCommands,
    log: @escaping @Sendable (LogEvent) -> Void
  ) {
    self.pool = WorkerPool(configuration: configuration)
    self.inbox = inbox
    self.outgoing = outgoing
    self.log = log
  }

  // MARK: - What the router reads

  /// The pool's kind.
  var kind: JobKind { pool.kind }
  /// The pool's configuration, its size as last scaled.
  var configuration: PoolConfiguration { pool.configuration }
  /// How the pool is doing, as status, metrics and the inspector show it.
  var health: PoolHealth { pool.reportedHealth }
  /// Whether the pool failed and runs nothing until scaled.
  var isFailed: Bool { pool.isFailed }
  /// Ready workers.
  var readyCount: Int { pool.readyCount }
  /// Effects waiting for a worker.
  var queuedCount: Int { pool.scheduler.queuedCount }
  /// Effects running on its workers.
  var inFlightCount: Int { pool.scheduler.inFlight.values.reduce(0) { $0 + $1.count } }
  /// What its effects came to.
  var metrics: PoolMetrics { pool.metrics }
  /// Whether any worker is still connected.
  var hasWorkers: Bool { !pool.workers.isEmpty }

  /// The worker with `id`, to send it commands; `nil` once it has left.
  func worker(_ id: Int) -> WorkerProcess? {
    pool.workers[id]
  }

  // MARK: - Placing effects

  /// Where a newly admitted effect goes: a worker to dispatch it to, the queue, or nowhere.
  func place(_ effect: UInt64, key: String?) -> PoolScheduler<Int, UInt64>.Placement {
    pool.scheduler.place(effect, key: key)
  }

  /// Places an effect again (a retry, or one handed back): the worker to dispatch it to, or `nil`
  /// when it waits at the front of the queue.
  func placeAgain(_ effect: UInt64, key: String?) -> Int? {
    guard case let .worker(worker) = pool.scheduler.placeFirst(effect, key: key) else { return nil }
    return worker
  }

  /// Frees `effect`'s place: its slot on `worker` goes to the next in line (the outcome, if any),
  /// or, without a worker, it leaves the queue. A draining worker whose last effect this was stops.
  func release(_ effect: UInt64, from worker: Int?, ending: EffectEnding) -> PoolOutcome? {
    guard let worker else {
      _ = pool.scheduler.removeQueued(effect)
      return nil
    }
    let next = pool.scheduler.complete(effect, on: worker)
    if let process = pool.workers[worker] {
      switch ending {
      case .completed: process.completed += 1
      case .failed: process.failed += 1
      case .withdrawn: break
      }
      if process.state.isDraining, pool.scheduler.load(of: worker) == 0 { stop(process) }
    }
    return next.isEmpty ? nil : .dispatch(next, to: worker)
  }

  /// Empties the queue: the coordinator is shutting down and ends every effect in it.
  func emptyQueue() {
    _ = pool.scheduler.removeAllQueued()
  }

  /// Places what waits in the queue on every worker with free slots.
  func placeWaiting() -> [PoolOutcome] {
    pool.scheduler.fillAll().map { .dispatch($0.effects, to: $0.worker) }
  }

  // MARK: - Metrics

  /// Counts an admitted effect.
  func recordStart() { pool.metrics.recordStart() }
  /// Counts how an effect ended.
  func record(_ outcome: PoolMetrics.Outcome) { pool.metrics.record(outcome) }
  /// Counts a retry, waiting out its backoff.
  func recordRetry() { pool.metrics.recordRetry() }
  /// Counts the end of a retry's backoff, passed or cut short by the effect's end.
  func recordRetryWaitEnded() { pool.metrics.recordRetryWaitEnded() }
  /// Counts the latency of each effect that completes into `buckets` from now on.
  func recordLatencies(in buckets: HistogramCounts) { pool.metrics.latencyBuckets = buckets }

  // MARK: - Workers' events

  /// Starts the pool's workers through `transport`, which it keeps for restarts.
  func start(through transport: any WorkerTransport) -> [PoolOutcome] {
    self.transport = transport
    var outcomes: [PoolOutcome] = []
    for _ in 0..<pool.configuration.size { outcomes += spawnWorker() }
    return outcomes
  }

  /// Handles what a worker said about itself: its `hello`, `heartbeat`s and `pong`s.
  func heard(_ message: WorkerMessage, from process: WorkerProcess, at now: ContinuousClock.Instant) -> [PoolOutcome] {
    switch message {
    case let .hello(hello):
      return saidHello(process, hello: hello)
    case let .heartbeat(heartbeat):
      process.counters = heartbeat.counters
      process.state.liveness?.lastHeartbeat = now
    case .pong:
      process.state.liveness?.lastHeartbeat = now
    default:
      log(LogEvent(.info, "unexpected message from a worker: \(message)", fields: process.logFields))
    }
    return []
  }

  /// A worker said hello: it takes effects once it is what the pool asked for.
  private func saidHello(_ process: WorkerProcess, hello: Hello) -> [PoolOutcome] {
    guard ProtocolVersion.isCompatible(hello.version) else {
      log(LogEvent(.error, "a '\(pool.kind)' worker speaks protocol \(hello.version), not \(ProtocolVersion.current); rebuild it.", fields: process.logFields))
      process.kill(because: "incompatible protocol version \(hello.version)")
      return []
    }
    guard hello.kind == pool.kind.rawValue else {
      log(LogEvent(.error, "a worker started for the '\(pool.kind)' pool says it serves '\(hello.kind ?? "nothing")'.", fields: process.logFields))
      process.kill(because: "wrong kind \(hello.kind ?? "none")")
      return []
    }
    guard process.state.isStarting else { return [] }
    outgoing.send(.hello(Hello(role: "coordinator", pid: getpid())), to: process)
    return join(process)
  }

  /// Puts a worker into rotation: it takes the queued effects it can.
  func join(_ process: WorkerProcess) -> [PoolOutcome] {
    process.state = .ready(process.state.liveness ?? WorkerLiveness(lastPing: .now), isSuspect: false)
    defer { pool.refreshHealth() }
    let taken = pool.scheduler.addWorker(process.id)
    return taken.isEmpty ? [] : [.dispatch(taken, to: process.id)]
  }

  /// A worker's link ended: the effects it ran are lost, what waited for it is placed on the
  /// others, and, unless it was leaving, it is restarted.
  func workerClosed(_ id: Int, reason: WorkerCloseReason, status: ExitStatus) -> [PoolOutcome] {
    guard let process = pool.workers.removeValue(forKey: id) else { return [] }
    pool.retiredCounters.merge(process.counters, uniquingKeysWith: Heartbeat.sum)
    let orphans = pool.scheduler.removeWorker(id)
    let wasLeaving = !process.state.isActive
    let how = process.killReason.map { "was killed (\($0))" } ?? "\(reason) and \(status)"
    if !wasLeaving || process.killReason != nil {
      log(LogEvent(.info, "worker \(how)", fields: process.logFields))
    }
    let because = "\(pool.kind) worker \(process.peer.logName) \(how)"
    var outcomes = orphans.sorted().map { PoolOutcome.lost($0, reason: because) }
    outcomes += placeWaiting()
    pool.refreshHealth()
    guard !isShuttingDown else { return outcomes }
    if wasLeaving {
      if pool.activeCount < pool.configuration.size { outcomes += spawnWorker() }
    } else if process.state.isStarting, process.killReason == nil, status == .exited(Self.usageStatus) {
      // It refused its own command line before its hello, as a worker with no handler for the
      // pool's kind does: every restart would refuse it again.
      outcomes += fail(
        reason: "its worker exited with status \(Self.usageStatus) before saying hello, refusing its command line (its line above says why)")
    } else {
      outcomes += restart()
    }
    return outcomes
  }

  /// The status a worker exits with when its command line is wrong, such as a kind it has no handler for.
  private static let usageStatus = 2

  /// Starts one worker; a failure to start counts as a crash. A broker is ready at once.
  func spawnWorker() -> [PoolOutcome] {
    guard !isShuttingDown, !pool.isFailed, let transport else { return [] }
    let kind = pool.kind
    let id = nextWorkerID
    nextWorkerID += 1
    let (inbox, log) = (inbox, log)
    let link: any WorkerLink
    do {
      link = try transport.connect(
        kind: kind,
        events: WorkerLinkEvents(
          messages: { inbox.post(.messages(worker: id, kind: kind, $0)) },
          log: { pid, event in log(LogEvent(event.level, event.message, fields: WorkerProcess.logFields(kind: kind, pid: pid) + event.fields)) },
          closed: { inbox.post(.closed(worker: id, kind: kind, $0, $1)) }
        )
      )
    } catch {
      log(.error("could not start a '\(kind)' worker: \(error)", .string("pool", kind.rawValue)))
      return restart()
    }
    let process = WorkerProcess(id: id, kind: kind, link: link)
    pool.workers[id] = process
    guard case .broker = link.peer else { return [] }
    return join(process)
  }

  /// Stops every worker for good: the coordinator is shutting down.
  func shutDown(grace: Duration) {
    isShuttingDown = true
    for process in pool.workers.values { stop(process, grace: grace) }
  }

  /// Kills every worker still connected.
  func killAll(because reason: String) {
    for process in pool.workers.values { process.kill(because: reason) }
  }

  /// Tells a worker to shut down; its exit is expected and not restarted.
  func stop(_ process: WorkerProcess, grace: Duration = .seconds(1)) {
    guard !process.state.isStopping else { return }
    process.state = .stopping(killAt: .now + grace * 2)
    outgoing.send(.shutdown(.init(graceMillis: grace.milliseconds)), to: process)
  }
}
