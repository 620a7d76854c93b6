extension RemoteRuntime {
  /// Sets the number of workers of `kind`; growing spawns, shrinking drains the least loaded.
  ///
  /// Scaling a failed pool revives it with a clean restart history.
  func scale(_ kind: JobKind, to size: Int) throws(CoordinatorError) {
    guard let pool = pools[kind] else {
      throw .unknownPool(kind, known: pools.keys.map(\.rawValue).sorted())
    }
    guard size >= 0 else { throw .invalidPoolSize(kind, size) }
    pool.configuration.size = size
    if pool.isFailed {
      pool.health = .degraded
      pool.restartHistory.reset()
    }
    let active = pool.workers.values
      .filter { $0.state.isActive }
      .sorted { (rank($0, pool), $0.id) < (rank($1, pool), $1.id) }
    let excess = active.count + pool.pendingSpawns - size
    if excess > 0 {
      for process in active.prefix(excess) { drain(process, in: pool) }
    } else {
      for _ in 0..<(-excess) { spawnWorker(in: pool) }
    }
    pool.refreshHealth()
  }

  /// Which worker leaves first: one still starting, then the least loaded.
  private func rank(_ process: WorkerProcess, _ pool: WorkerPool) -> Int {
    process.state.isStarting ? -1 : pool.scheduler.load(of: process.id)
  }

  /// Takes a worker out of rotation; it stops once its effects end or its drain timeout passes.
  private func drain(_ process: WorkerProcess, in pool: WorkerPool) {
    pool.scheduler.drain(process.id)
    dispatchWaiting(in: pool)
    process.state = .draining(until: .now + pool.configuration.drainTimeout)
    if pool.scheduler.load(of: process.id) == 0 { stop(process) }
  }
}
