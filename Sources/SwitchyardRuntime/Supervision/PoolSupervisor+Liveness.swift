extension PoolSupervisor {
  /// The supervision clock's tick: pings workers, kills silent ones and those that never said
  /// hello, takes silent ones out of rotation until they are heard, and ends overdue drains and
  /// stops. A broker is not pinged: it is heard whenever its server answers, and suspect, never
  /// killed, while it does not.
  func tick(now: ContinuousClock.Instant) -> [PoolOutcome] {
    var outcomes: [PoolOutcome] = []
    for process in pool.workers.values {
      outcomes += supervise(process, now: now)
    }
    return outcomes
  }

  private func supervise(_ process: WorkerProcess, now: ContinuousClock.Instant) -> [PoolOutcome] {
    let configuration = pool.configuration
    if case let .stopping(killAt) = process.state {
      if let killAt, now >= killAt {
        process.kill(because: "still running after it was told to shut down")
      }
      return []
    }
    // Answering pings is not enough: a worker that never says hello never takes an effect.
    if case let .starting(since, _) = process.state, now - since > configuration.startTimeout {
      if process.killReason == nil {
        log(LogEvent(.info, "no hello within \(configuration.startTimeout) of starting; killing it", fields: process.logFields))
      }
      process.kill(because: "no hello within \(configuration.startTimeout)")
      return []
    }
    guard var liveness = process.state.liveness else { return [] }
    // Written back whatever the state has become meanwhile (a no-op once it is stopping).
    defer { process.state.liveness = liveness }
    let reads = process.link.readCount
    if reads != liveness.readsSeen {
      liveness.readsSeen = reads
      liveness.silentSince = nil
      if case .broker = process.peer { liveness.lastHeartbeat = now }
    }
    let silent = liveness.silentSince.map { now - $0 > configuration.heartbeatInterval } == true
    var outcomes = process.state.isReady ? suspect(process, if: silent) : []
    // A worker still starting up is loading its executable, which on a loaded machine takes longer
    // than answering a ping.
    let timeout = process.state.isStarting
      ? max(configuration.heartbeatTimeout, configuration.startTimeout)
      : configuration.heartbeatTimeout
    // A silent broker is its server not answering: the outage is waited out with the broker
    // suspect, rather than every remote effect killed and retried (their deadlines still hold).
    if let silentSince = liveness.silentSince, now - silentSince > timeout, case .process = process.peer {
      if process.killReason == nil {
        log(LogEvent(.info, "no word for \(timeout) after a ping; killing it", fields: process.logFields))
      }
      process.kill(because: "no heartbeat for \(timeout)")
      return outcomes
    }
    if now - liveness.lastPing >= configuration.heartbeatInterval {
      liveness.lastPing = now
      if liveness.silentSince == nil { liveness.silentSince = now }
      if case .process = process.peer {
        nextPingNonce &+= 1
        outgoing.send(.ping(.init(nonce: nextPingNonce)), to: process)
      }
    }
    if case let .draining(until, _) = process.state, now >= until {
      outcomes += handBack(process)
      stop(process)
    }
    return outcomes
  }

  /// Takes a ready worker out of rotation while it is silent, and back once it is heard.
  private func suspect(_ process: WorkerProcess, if silent: Bool) -> [PoolOutcome] {
    guard case let .ready(liveness, isSuspect) = process.state, silent != isSuspect else { return [] }
    process.state = .ready(liveness, isSuspect: silent)
    guard silent else {
      let taken = pool.scheduler.addWorker(process.id)
      return taken.isEmpty ? [] : [.dispatch(taken, to: process.id)]
    }
    let silence = if case .broker = process.peer {
      "its server has not answered in \(pool.configuration.heartbeatInterval); sending the pool's remote workers nothing new until it does"
    } else {
      "has not answered a ping in \(pool.configuration.heartbeatInterval); sending it nothing new until it does"
    }
    log(LogEvent(.info, silence, fields: process.logFields))
    pool.scheduler.drain(process.id)
    return placeWaiting()
  }

  /// Moves what a draining worker still runs to the other workers.
  private func handBack(_ process: WorkerProcess) -> [PoolOutcome] {
    pool.scheduler.removeWorker(process.id).sorted().map { .handedBack($0, from: process.id) } + placeWaiting()
  }
}
