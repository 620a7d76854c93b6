extension RemoteRuntime {
  /// Stops everything: refuses new effects, cancels running ones (telling their workers), asks every
  /// worker to shut down, and kills those still running after `grace`. Returns once every worker
  /// process has been reaped.
  func shutdown(grace: Duration) async {
    isShuttingDown = true
    for record in effects.removeAll() {
      if let pool = pools[record.kind] {
        pool.metrics.record(.cancelled)
        if let worker = record.worker {
          if let process = pool.workers[worker] {
            send(.cancel(.init(effect: record.id, generation: record.generation)), to: process)
          }
        }
      }
      record.resume(.failure(CancellationError()))
    }
    for supervisor in supervisors.values {
      for process in supervisor.pool.workers.values { supervisor.stop(process, grace: grace) }
    }
    let deadline = ContinuousClock.now + grace
    while hasWorkers, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(5))
    }
    for pool in pools.values {
      for process in pool.workers.values { process.kill(because: "still running after the shutdown grace period") }
    }
    // SIGKILL cannot be refused: the I/O threads reap the stragglers within moments.
    while hasWorkers {
      try? await Task.sleep(for: .milliseconds(5))
    }
    stopTicking()
  }

  private var hasWorkers: Bool {
    pools.values.contains { !$0.workers.isEmpty }
  }
}
