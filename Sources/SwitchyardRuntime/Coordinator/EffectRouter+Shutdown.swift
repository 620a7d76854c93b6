extension EffectRouter {
  /// Stops everything: refuses new effects, cancels running ones (telling their workers), asks every
  /// worker to shut down, and kills those still running after `grace`. Returns once every worker
  /// process has been reaped.
  func shutdown(grace: Duration) async {
    isShuttingDown = true
    // Emptied first, so the slots the running effects free below are handed to nobody.
    for supervisor in supervisors.values { supervisor.emptyQueue() }
    for record in effects.removeAll() {
      if let supervisor = supervisors[record.kind] {
        supervisor.record(.cancelled)
        if let worker = record.worker { cancel(record, on: worker, in: supervisor) }
        release(record, in: supervisor)
      }
      record.resume(.failure(CancellationError()))
    }
    for supervisor in supervisors.values { supervisor.shutDown(grace: grace) }
    let deadline = ContinuousClock.now + grace
    while hasWorkers, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(5))
    }
    for supervisor in supervisors.values { supervisor.killAll(because: "still running after the shutdown grace period") }
    // SIGKILL cannot be refused: the I/O threads reap the stragglers within moments.
    while hasWorkers {
      try? await Task.sleep(for: .milliseconds(5))
    }
    stopTicking()
  }

  private var hasWorkers: Bool {
    supervisors.values.contains { $0.hasWorkers }
  }
}
