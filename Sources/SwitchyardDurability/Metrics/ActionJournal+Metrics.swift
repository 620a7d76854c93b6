import SwitchyardMetrics

extension ActionJournal {
  /// The journal's gauges in `registry`, set from the journal on each supervision tick.
  public func metrics(in registry: MetricsRegistry) -> (@MainActor (_ now: ContinuousClock.Instant) -> Void)? {
    let gauges = JournalGauges(registry: registry, journal: journal)
    return { [self] now in gauges.publish(self, now: now) }
  }
}
