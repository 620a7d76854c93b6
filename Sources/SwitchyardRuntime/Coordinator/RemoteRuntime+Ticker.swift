import SwitchyardWire

extension RemoteRuntime {
  /// The supervision clock: each pool's supervisor checks its workers' liveness, effects past
  /// their deadline time out, and each pool's transport hears its backlog; then the metrics'
  /// gauges are set.
  func tick(now: ContinuousClock.Instant) {
    for supervisor in supervisors.values {
      supervisor.superviseLiveness(now: now)
    }
    for pool in pools.values {
      let inFlight = pool.scheduler.inFlight.values.reduce(0) { $0 + $1.count }
      transport(for: pool.kind).observeBacklog(of: pool.kind, queued: pool.scheduler.queuedCount, inFlight: inFlight)
    }
    for record in effects.expired(at: now) {
      guard let pool = pools[record.kind] else { continue }
      timeOut(record, in: pool)
    }
    metrics?.publish(self, now: now)
  }

  /// Ends an attempt that ran past its deadline: cancelled on its worker, and retried if its job
  /// allows another attempt (a hung worker's effect runs elsewhere); otherwise the effect fails
  /// `timeout`. An effect that timed out waiting for a worker is not retried: no worker took it.
  private func timeOut(_ record: RemoteEffectRecord, in pool: WorkerPool) {
    let timeout = record.timeout ?? .zero
    guard let worker = record.worker else {
      let limit = record.waitTimeout == record.timeout ? "its deadline" : "its queue timeout"
      let failure = JobFailure(
        code: .timeout,
        message: """
          The '\(record.kind)' job waited \(record.waitTimeout ?? .zero), \(limit), for a worker and was dropped: the \
          pool's \(pool.readyCount) ready workers are all busy. Scale it up, end the jobs that hold them, or give \
          the job a longer timeout.
          """,
        retryable: record.isRetryable
      )
      return complete(record, in: pool, with: .failure(failure))
    }
    if let process = pool.workers[worker] {
      send(.cancel(.init(effect: record.id, generation: record.generation)), to: process)
    }
    guard record.isRetryable, record.attempt < record.maxAttempts, !isShuttingDown else {
      let failure = JobFailure(
        code: .timeout,
        message: """
          The '\(record.kind)' job ran longer than its timeout of \(timeout) and was cancelled, \
          after \(record.attempt) attempts.
          """,
        retryable: record.isRetryable
      )
      return complete(record, in: pool, with: .failure(failure))
    }
    release(record, in: pool)
    scheduleRetry(record, in: pool)
  }

  /// Moves what a draining worker still runs to the other workers.
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
  }
}
