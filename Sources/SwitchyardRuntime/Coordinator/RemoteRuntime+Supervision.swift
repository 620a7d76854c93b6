import SwitchyardWire

extension RemoteRuntime {
  /// Starts one worker for `pool`; a failure to start counts as a crash.
  func spawnWorker(in pool: WorkerPool) {
    guard !isShuttingDown, !pool.isFailed else { return }
    let kind = pool.kind
    let id = nextWorkerID
    nextWorkerID += 1
    let (inbox, log) = (inbox, log)
    do {
      let link = try transport.connect(
        kind: kind,
        events: WorkerLinkEvents(
          messages: { inbox.post(.messages(worker: id, kind: kind, $0)) },
          log: { pid, line in log("[\(kind) \(pid)] \(line)") },
          closed: { inbox.post(.closed(worker: id, kind: kind, $0, $1)) }
        )
      )
      pool.workers[id] = WorkerProcess(id: id, kind: kind, link: link)
    } catch {
      log("error: could not start a '\(kind)' worker: \(error)")
      restart(pool)
    }
  }

  /// A worker's connection ended: recover its effects and, unless it was leaving, restart it.
  func workerClosed(_ id: Int, in pool: WorkerPool, reason: WorkerCloseReason, status: ExitStatus) {
    guard let process = pool.workers.removeValue(forKey: id) else { return }
    pool.retiredCounters.merge(process.counters, uniquingKeysWith: +)
    let orphans = pool.scheduler.removeWorker(id)
    let wasLeaving = !process.state.isActive
    let how = process.killReason.map { "was killed (\($0))" } ?? "\(reason) and \(status)"
    if !wasLeaving || process.killReason != nil {
      log("[\(pool.kind) \(process.pid)] worker \(how)")
    }
    for effect in orphans.sorted() {
      recover(effect, in: pool, because: "\(pool.kind) worker \(process.pid) \(how)")
    }
    dispatchWaiting(in: pool)
    pool.refreshHealth()
    guard !isShuttingDown else { return }
    if wasLeaving {
      if pool.activeCount < pool.configuration.size { spawnWorker(in: pool) }
    } else {
      restart(pool)
    }
  }

  /// Restarts a worker after a backoff, or fails the pool when restarts come too often.
  func restart(_ pool: WorkerPool) {
    guard !isShuttingDown, !pool.isFailed else { return }
    let policy = pool.configuration.restartPolicy
    let now = ContinuousClock.now
    let recent = pool.restartHistory.recent(at: now, policy: policy)
    guard pool.restartHistory.record(at: now, policy: policy) else {
      return failPool(pool, reason: "more than \(policy.maxRestarts) restarts in \(policy.window)")
    }
    pool.metrics.recordRestart()
    pool.pendingSpawns += 1
    pool.refreshHealth()
    let delay = policy.backoff(afterRecentRestarts: recent)
    Task { [weak self] in
      try? await Task.sleep(for: delay)
      pool.pendingSpawns -= 1
      guard let self, pool.activeCount < pool.configuration.size else { return }
      self.spawnWorker(in: pool)
    }
  }

  /// Marks `pool` failed: its workers are stopped and its effects fail, instead of crash-looping.
  func failPool(_ pool: WorkerPool, reason: String) {
    pool.health = .failed(reason: reason)
    log("error: the '\(pool.kind)' pool failed: \(reason). It runs nothing until it is scaled again.")
    for process in pool.workers.values where !process.state.isStopping {
      process.state = .stopping(killAt: nil)
      process.kill(because: "its pool failed")
    }
    for id in pool.scheduler.removeAllQueued() {
      guard let record = effects[id] else { continue }
      complete(record, in: pool, with: .failure(JobFailure(code: .unavailable, message: poolFailedMessage(pool))))
    }
  }

  /// Retries an effect whose worker died, if its job allows; otherwise fails it with `workerExited`.
  func recover(_ id: UInt64, in pool: WorkerPool, because reason: String) {
    guard let record = effects[id] else { return }
    effects.detach(record)
    // An attempt that ran longer than the restart window was healthy: a long-running listener is
    // restarted whenever its worker dies, not only the first few times.
    if let started = record.dispatchedAt, .now - started > pool.configuration.restartPolicy.window {
      record.attempt = 0
    }
    guard record.isRetryable, record.attempt < record.maxAttempts, !isShuttingDown else {
      let why = record.isRetryable
        ? "after \(record.attempt) attempts"
        : "and the job is not retryable"
      let failure = JobFailure(code: .workerExited, message: "The \(reason) \(why).", retryable: record.isRetryable)
      return complete(record, in: pool, with: .failure(failure))
    }
    pool.metrics.recordRetry()
    let generation = record.generation
    let delay = pool.configuration.retryBackoff * (1 << min(record.attempt - 1, 10))
    Task { [weak self] in
      try? await Task.sleep(for: delay)
      self?.retry(id, generation: generation, in: pool)
    }
  }

  private func retry(_ id: UInt64, generation: UInt32, in pool: WorkerPool) {
    guard let record = effects[id], record.worker == nil, record.generation == generation else { return }
    guard !pool.isFailed, !isShuttingDown else {
      let failure = JobFailure(code: .unavailable, message: poolFailedMessage(pool))
      return complete(record, in: pool, with: .failure(failure))
    }
    if case let .worker(worker) = pool.scheduler.placeFirst(id, key: record.affinityKey) {
      dispatch(record, to: worker, in: pool)
    }
  }

  /// Tells a worker to shut down; its exit is expected and not restarted.
  func stop(_ process: WorkerProcess, grace: Duration = .seconds(1)) {
    guard !process.state.isStopping else { return }
    process.state = .stopping(killAt: .now + grace * 2)
    send(.shutdown(.init(graceMillis: grace.milliseconds)), to: process)
  }
}
