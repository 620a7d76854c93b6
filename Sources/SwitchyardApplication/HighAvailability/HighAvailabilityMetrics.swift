import SwitchyardHighAvailability
import SwitchyardMetrics

/// The `switchyard_ha_*` metrics of a coordinator started with `--ha`, leader or standby: its
/// role, the lease's epoch, a standby's lag, whether it reaches Redis and how often the leader
/// changed, read from its ``HighAvailabilityNode`` at each scrape.
///
/// Each carries the coordinators' shared `--name` as `name`, so that a query sums the leaders of
/// one group however its processes are scraped (`sum by (name) (switchyard_ha_leader)`).
enum HighAvailabilityMetrics {
  /// Registers them in `registry`.
  static func register(in registry: MetricsRegistry, node: HighAvailabilityNode) {
    let labels = [MetricLabel("name", node.configuration.coordinator)]
    let leader = registry.gauge("switchyard_ha_leader", help: "1 while this coordinator holds the lease and leads, 0 while it stands by.", labels: labels)
    let epoch = registry.gauge(
      "switchyard_ha_epoch", help: "The epoch of the lease this coordinator holds, or of the leader's it last saw; 0 before it saw one.",
      labels: labels)
    let lag = registry.gauge(
      "switchyard_ha_lag_records", help: "Records of the shared journal this standby has not applied yet; 0 on the leader.", labels: labels)
    let reachable = registry.gauge(
      "switchyard_ha_redis_reachable", help: "1 while this coordinator reaches Redis, 0 while it cannot (a standby cut off cannot take over).",
      labels: labels)
    let changes = registry.counter(
      "switchyard_ha_leader_changes_total", help: "Leases granted since the first this process saw: each a new leader.", labels: labels)
    registry.refreshOnScrape {
      let status = node.status
      leader.set(status.role == .leader ? 1 : 0)
      epoch.set(Double(status.epoch))
      lag.set(Double(status.lag))
      reachable.set(status.redisUnreachable == nil ? 1 : 0)
      changes.setTotal(Double(node.leaderChanges))
    }
  }
}
