import SwitchyardJournal
import SwitchyardMetrics

extension JournalOptions {
  /// fsync latencies, from a page cache flush (tens of µs) to a stalled disk (seconds).
  static let fsyncBuckets: [Double] = [
    0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5,
  ]

  /// Times every fsync of the journal's writer into `switchyard_journal_fsync_seconds`: observed
  /// on the writer thread outside its lock, so neither the main actor nor an append waits for it.
  mutating func recordFsyncs(in registry: MetricsRegistry) {
    let histogram = registry.histogram(
      "switchyard_journal_fsync_seconds", help: "How long each fsync of journal records took.", buckets: Self.fsyncBuckets
    )
    observeFsync = { histogram.observe($0) }
  }
}
