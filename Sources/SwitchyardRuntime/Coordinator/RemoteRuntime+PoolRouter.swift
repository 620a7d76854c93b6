import SwitchyardWire

extension RemoteRuntime: PoolRouter {
  func transport(for kind: JobKind) -> any WorkerTransport {
    transports[kind] ?? transport
  }

  func workerJoined(_ process: WorkerProcess, in pool: WorkerPool) {
    dispatch(pool.scheduler.addWorker(process.id), to: process.id, in: pool)
  }

  func workerLeft(_ process: WorkerProcess, orphans: [UInt64], because reason: String, in pool: WorkerPool) {
    for effect in orphans {
      recover(effect, in: pool, because: reason)
    }
    dispatchWaiting(in: pool)
  }

  func placeWaiting(in pool: WorkerPool) {
    dispatchWaiting(in: pool)
  }

  func poolFailed(_ pool: WorkerPool) {
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
    lifeWatch?(.retrying(effect: id, reason: reason))
    scheduleRetry(record, in: pool)
  }

  /// Retries a detached effect after a backoff that doubles per attempt, on a fresh clock: the
  /// retry's wait for a worker counts toward its deadline.
  func scheduleRetry(_ record: RemoteEffectRecord, in pool: WorkerPool) {
    pool.metrics.recordRetry()
    effects.startClock(of: record, at: .now)
    let (id, generation) = (record.id, record.generation)
    let delay = pool.configuration.retryBackoff * (1 << min(record.attempt - 1, 10))
    Task { [weak self] in
      try? await Task.sleep(for: delay)
      self?.retry(id, generation: generation, in: pool)
    }
  }

  /// An attempt's worker was lost though its link lives on (a broker's worker that another
  /// reclaimed the job from): its slot is freed and the effect retried as if the worker had died.
  func attemptLost(_ record: RemoteEffectRecord, in pool: WorkerPool, because reason: String) {
    guard let worker = record.worker else { return }
    let next = pool.scheduler.complete(record.id, on: worker)
    recover(record.id, in: pool, because: reason)
    dispatch(next, to: worker, in: pool)
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
}
