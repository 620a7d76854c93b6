extension PoolSupervisor {
  /// Sets the number of workers; growing spawns, shrinking drains the least loaded. Scaling a
  /// failed pool revives it with a clean restart history.
  func scale(to size: Int) -> [PoolOutcome] {
    pool.configuration.size = size
    if pool.isFailed {
      pool.health = .degraded
      pool.restartHistory.reset()
    }
    let active = pool.workers.values
      .filter { $0.state.isActive }
      .sorted { (rank($0), $0.id) < (rank($1), $1.id) }
    let excess = active.count + pool.pendingSpawns - size
    var outcomes: [PoolOutcome] = []
    if excess > 0 {
      for process in active.prefix(excess) { outcomes += drain(process) }
    } else {
      for _ in 0..<(-excess) { outcomes += spawnWorker() }
    }
    pool.refreshHealth()
    return outcomes
  }

  /// Which worker leaves first: one still starting, then the least loaded.
  private func rank(_ process: WorkerProcess) -> Int {
    process.state.isStarting ? -1 : pool.scheduler.load(of: process.id)
  }

  /// Takes a worker out of rotation; it stops once its effects end or its drain timeout passes.
  private func drain(_ process: WorkerProcess) -> [PoolOutcome] {
    pool.scheduler.drain(process.id)
    let outcomes = placeWaiting()
    process.state = .draining(until: .now + pool.configuration.drainTimeout, process.state.liveness ?? WorkerLiveness(lastPing: .now))
    if pool.scheduler.load(of: process.id) == 0 { stop(process) }
    return outcomes
  }
}
