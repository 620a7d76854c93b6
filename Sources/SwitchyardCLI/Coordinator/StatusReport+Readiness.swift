import SwitchyardWire

extension StatusReport {
  /// Whether the pool of `kind` has exactly `size` workers ready and targets no other size.
  package func isPool(_ kind: String, readyAt size: Int) -> Bool {
    let ready = workers.filter { $0.kind == kind && $0.state == "ready" }.count
    return ready == size && pools.contains { $0.kind == kind && $0.size == size && $0.target == size }
  }

  /// Whether every pool has all the workers it targets ready, and is healthy.
  package var isEveryPoolReady: Bool {
    pools.allSatisfy { $0.health == "healthy" && isPool($0.kind, readyAt: $0.target) }
  }
}
