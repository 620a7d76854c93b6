extension PoolSupervisor {
  /// Restarts a worker after a backoff (the outcome says when), or fails the pool when restarts
  /// come more often than its policy's intensity allows.
  func restart() -> [PoolOutcome] {
    guard !isShuttingDown, !pool.isFailed else { return [] }
    let policy = pool.configuration.restartPolicy
    let now = ContinuousClock.now
    let recent = pool.restartHistory.recent(at: now, policy: policy)
    guard pool.restartHistory.record(at: now, policy: policy) else {
      return fail(reason: "more than \(policy.maxRestarts ?? 0) restarts in \(policy.window)")
    }
    pool.metrics.recordRestart()
    pool.pendingSpawns += 1
    pool.refreshHealth()
    return [.restart(after: policy.backoff(afterRecentRestarts: recent))]
  }

  /// Starts the worker a ``PoolOutcome/restart(after:)`` asked for, once its backoff has passed,
  /// unless the pool no longer wants it.
  func restartDue() -> [PoolOutcome] {
    pool.pendingSpawns -= 1
    guard pool.activeCount < pool.configuration.size else { return [] }
    return spawnWorker()
  }

  /// Marks the pool failed: its workers are stopped and the effects waiting for it fail, instead
  /// of crash-looping.
  func fail(reason: String) -> [PoolOutcome] {
    pool.health = .failed(reason: reason)
    let failed = "the '\(pool.kind)' pool failed: \(reason). It runs nothing until it is scaled again."
    log(LogEvent(.error, failed, fields: [.string("pool", pool.kind.rawValue)]))
    for process in pool.workers.values where !process.state.isStopping {
      process.state = .stopping(killAt: nil)
      process.kill(because: "its pool failed")
    }
    let message = failureMessage
    return pool.scheduler.removeAllQueued().map { .failed($0, message: message) }
  }

  /// Why the pool takes no effects, and how to revive it.
  var failureMessage: String {
    guard case let .failed(reason) = pool.health else { return "The '\(pool.kind)' pool is not running." }
    return "The '\(pool.kind)' pool has failed (\(reason)). Scale it to revive it: switchyard scale \(pool.kind)=N."
  }
}
