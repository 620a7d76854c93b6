import SwitchyardWire

extension EffectRouter {
  /// Each pool's size, load, outcomes, restarts, latency and worker counters, sorted by kind.
  func poolStatuses() -> [PoolStatus] {
    supervisors.values.sorted { $0.kind.rawValue < $1.kind.rawValue }.map { supervisor in
      let transport = transport(for: supervisor.kind)
      return supervisor.status(
        remote: transport.remoteStatus(of: supervisor.kind), remoteCounters: transport.remoteCounters(of: supervisor.kind))
    }
  }

  /// Every worker: a process by its pid, or a remote pool's broker; with its state, load,
  /// outcomes, counters and when it was last heard from.
  func workerStatuses() -> [WorkerStatus] {
    let now = ContinuousClock.now
    return supervisors.values.sorted { $0.kind.rawValue < $1.kind.rawValue }.flatMap { $0.workerStatuses(now: now) }
  }
}
