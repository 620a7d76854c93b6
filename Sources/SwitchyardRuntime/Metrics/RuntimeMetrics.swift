import SwitchyardMetrics

/// What a coordinator's runtime exposes in its ``MetricsRegistry``: each pool's counters and
/// latencies as its effects end, and the gauges the supervision tick sets from the main actor, so
/// a scrape reads atomics and never waits for the main actor.
@MainActor
final class RuntimeMetrics {
  let registry: MetricsRegistry
  private var controlConnections: (count: @MainActor () -> Int, gauge: Gauge)?
  private var pools: [JobKind: PoolGauges] = [:]
  private var journal: (log: ActionJournal, gauges: JournalGauges)?

  init(registry: MetricsRegistry, router: EffectRouter) {
    self.registry = registry
    for supervisor in router.supervisors.values {
      supervisor.instrument(with: PoolInstruments(registry: registry, pool: supervisor.kind))
      pools[supervisor.kind] = PoolGauges(registry: registry, pool: supervisor.kind)
    }
  }

  /// Shows `log`'s progress from now on.
  func observe(_ log: ActionJournal) {
    journal = (log, JournalGauges(registry: registry, journal: log.journal))
  }

  /// Shows how many clients `count` says the control socket has.
  func observeControlConnections(_ count: @escaping @MainActor () -> Int) {
    controlConnections = (count, registry.gauge("switchyard_control_connections", help: "Clients connected to the control socket."))
  }

  /// Sets every gauge from the runtime's state now.
  func publish(_ router: EffectRouter, now: ContinuousClock.Instant) {
    for (kind, supervisor) in router.supervisors {
      pools[kind]?.publish(supervisor, remote: router.transport(for: kind).remoteStatus(of: kind), now: now)
    }
    if let (count, gauge) = controlConnections { gauge.set(Double(count())) }
    if let log = journal?.log { journal?.gauges.publish(log, now: now) }
  }
}
