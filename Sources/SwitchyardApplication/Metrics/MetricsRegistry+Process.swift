import SwitchyardMetrics

extension MetricsRegistry {
  /// A registry holding what every Switchyard process serves: `switchyard_build_info` and the
  /// `process_*` basics; `role` is `coordinator` or `worker`.
  static func process(application: String, version: String, role: String) -> MetricsRegistry {
    let registry = MetricsRegistry()
    registry.info(
      "switchyard_build_info", help: "The running build: 1, with the application, its version and the process's role.",
      labels: [MetricLabel("application", application), MetricLabel("version", version), MetricLabel("role", role)]
    )
    ProcessMetrics.register(in: registry)
    return registry
  }
}

extension Durability {
  /// How long `--fsync` lets an appended record wait before it is durable: the bound
  /// `switchyard_journal_durable_lag_seconds` is alerted against.
  var promisedDelay: Duration {
    switch self {
    case .always: .zero
    case let .batch(maxDelay), let .off(maxDelay): maxDelay
    }
  }
}
