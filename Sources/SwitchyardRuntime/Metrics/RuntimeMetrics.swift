import SwitchyardMetrics

/// What a coordinator's runtime exposes in its ``MetricsRegistry``: on each supervision tick, in
/// one publication, each pool's counters and gauges, the actions reduced and the journal's
/// progress, so a scrape reads figures from one moment and never waits for the main actor.
@MainActor
final class RuntimeMetrics {
  let registry: MetricsRegistry
  private var controlConnections: (count: @MainActor () -> Int, gauge: Gauge)?
  private var pools: [JobKind: (counters: PoolInstruments, gauges: PoolGauges)] = [:]
  private var actions: (@MainActor () -> Void)?
  /// Sets the action log's metrics (``ActionLog/metrics(in:)``).
  private var log: (@MainActor (ContinuousClock.Instant) -> Void)?

  init(registry: MetricsRegistry, router: EffectRouter) {
    self.registry = registry
    for supervisor in router.supervisors.values {
      let counters = PoolInstruments(registry: registry, pool: supervisor.kind)
      supervisor.recordLatencies(in: HistogramCounts(upperBounds: counters.latency.upperBounds))
      pools[supervisor.kind] = (counters, PoolGauges(registry: registry, pool: supervisor.kind))
    }
  }

  /// Publishes the action log's metrics, through `publish`, with the rest.
  func observeLog(_ publish: @escaping @MainActor (ContinuousClock.Instant) -> Void) {
    log = publish
  }

  /// Shows how many clients `count` says the control socket has.
  func observeControlConnections(_ count: @escaping @MainActor () -> Int) {
    controlConnections = (count, registry.gauge("switchyard_control_connections", help: "Clients connected to the control socket."))
  }

  /// Publishes the actions counted, through `publish`, with the rest.
  func observeActions(_ publish: @escaping @MainActor () -> Void) {
    actions = publish
  }

  /// Sets every counter and gauge from the runtime's state now.
  func publish(_ router: EffectRouter, now: ContinuousClock.Instant) {
    registry.publish {
      for (kind, supervisor) in router.supervisors {
        pools[kind]?.counters.publish(supervisor.metrics)
        pools[kind]?.gauges.publish(supervisor, remote: router.transport(for: kind).remoteStatus(of: kind), now: now)
      }
      actions?()
      if let (count, gauge) = controlConnections { gauge.set(Double(count())) }
      log?(now)
    }
  }
}
