#if canImport(Glibc)
import Glibc
#endif
import SwitchyardWire

/// Keeps one pool's workers alive, as an OTP supervisor keeps its children: starts them through
/// the transport, watches their liveness (a worker silent after a ping gets no new effects),
/// restarts them with a backoff, fails the pool only if its ``RestartPolicy`` gives up (revived
/// when it is scaled), and drains workers leaving it.
///
/// It knows workers, never effects: what becomes of the effects on a worker that joins, leaves
/// or drains is its ``PoolRouter``'s to decide.
@MainActor
final class PoolSupervisor {
  let pool: WorkerPool
  private unowned let router: any PoolRouter
  private let log: @Sendable (String) -> Void
  /// Where lines about one worker go, with its pool and pid as fields.
  private let logEvent: @Sendable (LogEvent) -> Void
  private var nextWorkerID = 1
  private var nextPingNonce: UInt64 = 0

  init(
    pool: WorkerPool, router: any PoolRouter, log: @escaping @Sendable (String) -> Void,
    logEvent: @escaping @Sendable (LogEvent) -> Void
  ) {
    self.pool = pool
    self.router = router
    self.log = log
    self.logEvent = logEvent
  }

  // MARK: - Starting and stopping workers

  /// Starts one worker; a failure to start counts as a crash.
  func spawnWorker() {
    guard !router.isShuttingDown, !pool.isFailed else { return }
    let kind = pool.kind
    let id = nextWorkerID
    nextWorkerID += 1
    let (inbox, logEvent) = (router.inbox, logEvent)
    do {
      let link = try router.transport(for: kind).connect(
        kind: kind,
        events: WorkerLinkEvents(
          messages: { inbox.post(.messages(worker: id, kind: kind, $0)) },
          log: { pid, line in
            // The worker's own line: its level and effect read from its text, its pool and pid known here.
            let said = LogEvent(line: line)
            logEvent(LogEvent(said.level, said.message, fields: WorkerProcess.logFields(kind: kind, pid: pid) + said.fields))
          },
          closed: { inbox.post(.closed(worker: id, kind: kind, $0, $1)) }
        )
      )
      pool.workers[id] = WorkerProcess(id: id, kind: kind, link: link)
    } catch {
      log("error: could not start a '\(kind)' worker: \(error)")
      restart()
    }
  }

  /// A worker said hello: it takes effects once it is what the pool asked for.
  func workerSaidHello(_ process: WorkerProcess, hello: Hello) {
    guard ProtocolVersion.isCompatible(hello.version) else {
      log("error: a '\(pool.kind)' worker speaks protocol \(hello.version), not \(ProtocolVersion.current); rebuild it.")
      return process.kill(because: "incompatible protocol version \(hello.version)")
    }
    guard hello.kind == pool.kind.rawValue else {
      log("error: a worker started for the '\(pool.kind)' pool says it serves '\(hello.kind ?? "nothing")'.")
      return process.kill(because: "wrong kind \(hello.kind ?? "none")")
    }
    guard process.state.isStarting else { return }
    router.send(.hello(Hello(role: "coordinator", pid: getpid())), to: process)
    process.state = .ready
    router.workerJoined(process, in: pool)
    pool.refreshHealth()
  }

  /// A worker's link ended: its effects go back to the router and, unless it was leaving, it is
  /// restarted.
  func workerClosed(_ id: Int, reason: WorkerCloseReason, status: ExitStatus) {
    guard let process = pool.workers.removeValue(forKey: id) else { return }
    pool.retiredCounters.merge(process.counters, uniquingKeysWith: +)
    let orphans = pool.scheduler.removeWorker(id)
    let wasLeaving = !process.state.isActive
    let how = process.killReason.map { "was killed (\($0))" } ?? "\(reason) and \(status)"
    if !wasLeaving || process.killReason != nil {
      logEvent(LogEvent(.info, "worker \(how)", fields: process.logFields))
    }
    router.workerLeft(process, orphans: orphans.sorted(), because: "\(pool.kind) worker \(process.pid) \(how)", in: pool)
    pool.refreshHealth()
    guard !router.isShuttingDown else { return }
    if wasLeaving {
      if pool.activeCount < pool.configuration.size { spawnWorker() }
    } else if process.state.isStarting, process.killReason == nil, status == .exited(Self.usageStatus) {
      // It refused its own command line before its hello, as a worker with no handler for the
      // pool's kind does: every restart would refuse it again.
      fail(reason: "its worker exited with status \(Self.usageStatus) before saying hello, refusing its command line (its line above says why)")
    } else {
      restart()
    }
  }

  /// The status a worker exits with when its command line is wrong, such as a kind it has no handler for.
  private static let usageStatus = 2

  /// Tells a worker to shut down; its exit is expected and not restarted.
  func stop(_ process: WorkerProcess, grace: Duration = .seconds(1)) {
    guard !process.state.isStopping else { return }
    process.state = .stopping(killAt: .now + grace * 2)
    router.send(.shutdown(.init(graceMillis: grace.milliseconds)), to: process)
  }

  // MARK: - Restart intensity

  /// Restarts a worker after a backoff, or fails the pool when restarts come too often.
  func restart() {
    guard !router.isShuttingDown, !pool.isFailed else { return }
    let policy = pool.configuration.restartPolicy
    let now = ContinuousClock.now
    let recent = pool.restartHistory.recent(at: now, policy: policy)
    guard pool.restartHistory.record(at: now, policy: policy) else {
      return fail(reason: "more than \(policy.maxRestarts ?? 0) restarts in \(policy.window)")
    }
    pool.metrics.recordRestart()
    pool.pendingSpawns += 1
    pool.refreshHealth()
    let delay = policy.backoff(afterRecentRestarts: recent)
    Task { [weak self] in
      try? await Task.sleep(for: delay)
      guard let self else { return }
      pool.pendingSpawns -= 1
      guard pool.activeCount < pool.configuration.size else { return }
      spawnWorker()
    }
  }

  /// Marks the pool failed: its workers are stopped and its waiting effects fail, instead of
  /// crash-looping.
  func fail(reason: String) {
    pool.health = .failed(reason: reason)
    let failed = "the '\(pool.kind)' pool failed: \(reason). It runs nothing until it is scaled again."
    logEvent(LogEvent(.error, failed, fields: [.string("pool", pool.kind.rawValue)]))
    for process in pool.workers.values where !process.state.isStopping {
      process.state = .stopping(killAt: nil)
      process.kill(because: "its pool failed")
    }
    router.poolFailed(pool)
  }

  // MARK: - Scaling and draining

  /// Sets the number of workers; growing spawns, shrinking drains the least loaded. Scaling a
  /// failed pool revives it with a clean restart history.
  func scale(to size: Int) {
    pool.configuration.size = size
    if pool.isFailed {
      pool.health = .degraded
      pool.restartHistory.reset()
    }
    let active = pool.workers.values
      .filter { $0.state.isActive }
      .sorted { (rank($0), $0.id) < (rank($1), $1.id) }
    let excess = active.count + pool.pendingSpawns - size
    if excess > 0 {
      for process in active.prefix(excess) { drain(process) }
    } else {
      for _ in 0..<(-excess) { spawnWorker() }
    }
    pool.refreshHealth()
  }

  /// Stops a draining worker once its last effect has ended.
  func effectEnded(on process: WorkerProcess) {
    if process.state.isDraining, pool.scheduler.load(of: process.id) == 0 { stop(process) }
  }

  /// Which worker leaves first: one still starting, then the least loaded.
  private func rank(_ process: WorkerProcess) -> Int {
    process.state.isStarting ? -1 : pool.scheduler.load(of: process.id)
  }

  /// Takes a worker out of rotation; it stops once its effects end or its drain timeout passes.
  private func drain(_ process: WorkerProcess) {
    pool.scheduler.drain(process.id)
    router.placeWaiting(in: pool)
    process.state = .draining(until: .now + pool.configuration.drainTimeout)
    if pool.scheduler.load(of: process.id) == 0 { stop(process) }
  }

  // MARK: - Liveness

  /// Pings workers, kills silent ones and those that never said hello, and ends overdue drains
  /// and stops.
  func superviseLiveness(now: ContinuousClock.Instant) {
    for process in pool.workers.values {
      supervise(process, now: now)
    }
  }

  private func supervise(_ process: WorkerProcess, now: ContinuousClock.Instant) {
    let configuration = pool.configuration
    if case let .stopping(killAt) = process.state {
      if let killAt, now >= killAt {
        process.kill(because: "still running after it was told to shut down")
      }
      return
    }
    // Answering pings is not enough: a worker that never says hello never takes an effect.
    if case let .starting(since) = process.state, now - since > configuration.startTimeout {
      if process.killReason == nil {
        logEvent(LogEvent(.info, "no hello within \(configuration.startTimeout) of starting; killing it", fields: process.logFields))
      }
      return process.kill(because: "no hello within \(configuration.startTimeout)")
    }
    let reads = process.link.readCount
    if reads != process.readsSeen {
      process.readsSeen = reads
      process.silentSince = nil
    }
    suspect(process, if: process.state == .ready && process.silentSince.map { now - $0 > configuration.heartbeatInterval } == true)
    // A worker still starting up is loading its executable, which on a loaded machine takes longer
    // than answering a ping.
    let timeout = process.state.isStarting
      ? max(configuration.heartbeatTimeout, configuration.startTimeout)
      : configuration.heartbeatTimeout
    if let silentSince = process.silentSince, now - silentSince > timeout {
      if process.killReason == nil {
        logEvent(LogEvent(.info, "no word for \(timeout) after a ping; killing it", fields: process.logFields))
      }
      return process.kill(because: "no heartbeat for \(timeout)")
    }
    if now - process.lastPing >= configuration.heartbeatInterval {
      process.lastPing = now
      if process.silentSince == nil { process.silentSince = now }
      nextPingNonce &+= 1
      router.send(.ping(.init(nonce: nextPingNonce)), to: process)
    }
    if case let .draining(until) = process.state, now >= until {
      router.handBack(process, in: pool)
      stop(process)
    }
  }

  /// Takes a ready worker out of rotation while it is silent, and back once it is heard.
  private func suspect(_ process: WorkerProcess, if silent: Bool) {
    guard silent != process.isSuspect else { return }
    process.isSuspect = silent
    if silent {
      let silence = "has not answered a ping in \(pool.configuration.heartbeatInterval); sending it nothing new until it does"
      logEvent(LogEvent(.info, silence, fields: process.logFields))
      pool.scheduler.drain(process.id)
      router.placeWaiting(in: pool)
    } else {
      router.workerJoined(process, in: pool)
    }
  }
}
