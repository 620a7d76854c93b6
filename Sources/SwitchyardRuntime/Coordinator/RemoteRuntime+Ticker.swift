import SwitchyardWire

extension RemoteRuntime {
  /// The supervision clock: pings workers, kills silent ones, expires deadlines, finishes drains.
  func tick(now: ContinuousClock.Instant) {
    for pool in pools.values {
      for process in pool.workers.values {
        superviseHeartbeat(of: process, in: pool, now: now)
      }
    }
    for record in effects.expired(at: now) {
      guard let pool = pools[record.kind] else { continue }
      timeOut(record, in: pool)
    }
  }

  private func superviseHeartbeat(of process: WorkerProcess, in pool: WorkerPool, now: ContinuousClock.Instant) {
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
        log("[\(pool.kind) \(process.pid)] no hello within \(configuration.startTimeout) of starting; killing it")
      }
      return process.kill(because: "no hello within \(configuration.startTimeout)")
    }
    let reads = process.link.readCount
    if reads != process.readsSeen {
      process.readsSeen = reads
      process.silentSince = nil
    }
    // A worker still starting up is loading its executable, which on a loaded machine takes longer
    // than answering a ping.
    let timeout = process.state.isStarting
      ? max(configuration.heartbeatTimeout, configuration.startTimeout)
      : configuration.heartbeatTimeout
    if let silentSince = process.silentSince, now - silentSince > timeout {
      if process.killReason == nil {
        log("[\(pool.kind) \(process.pid)] no word for \(timeout) after a ping; killing it")
      }
      return process.kill(because: "no heartbeat for \(timeout)")
    }
    if now - process.lastPing >= configuration.heartbeatInterval {
      process.lastPing = now
      if process.silentSince == nil { process.silentSince = now }
      nextPingNonce &+= 1
      send(.ping(.init(nonce: nextPingNonce)), to: process)
    }
    if case let .draining(until) = process.state, now >= until {
      handBack(process, in: pool)
    }
  }

  /// Fails an effect that ran past its kind's start-to-close timeout, and cancels it on its worker.
  private func timeOut(_ record: RemoteEffectRecord, in pool: WorkerPool) {
    if let worker = record.worker {
      if let process = pool.workers[worker] {
        send(.cancel(.init(effect: record.id, generation: record.generation)), to: process)
      }
    }
    let timeout = record.timeout ?? .zero
    let failure = JobFailure(
      code: .timeout,
      message: "The '\(record.kind)' job ran longer than its start-to-close timeout of \(timeout) and was cancelled.",
      retryable: record.isRetryable
    )
    complete(record, in: pool, with: .failure(failure))
  }

  /// Moves what a draining worker still runs to the other workers, then stops it.
  func handBack(_ process: WorkerProcess, in pool: WorkerPool) {
    let effectIDs = pool.scheduler.removeWorker(process.id)
    for id in effectIDs.sorted() {
      guard let record = effects[id] else { continue }
      send(.cancel(.init(effect: id, generation: record.generation)), to: process)
      effects.detach(record)
      if case let .worker(worker) = pool.scheduler.placeFirst(id, key: record.affinityKey) {
        dispatch(record, to: worker, in: pool)
      }
    }
    dispatchWaiting(in: pool)
    stop(process)
  }
}
