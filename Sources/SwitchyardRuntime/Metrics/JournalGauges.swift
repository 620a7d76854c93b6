import SwitchyardMetrics
import SwitchyardWire

/// The journal's metrics, set from its report on every supervision tick: appends, bytes, fsyncs,
/// how long its undurable records have waited, and how old its newest snapshot is.
///
/// The journal keeps no clock of its own records, so ages are measured at tick resolution: a
/// record counts as appended at the first tick that saw it.
@MainActor
struct JournalGauges {
  let appends: Counter
  let bytes: Gauge
  let fsyncs: Counter
  let lastFsync: Gauge
  let undurable: Gauge
  let durableLag: Gauge
  let snapshotAge: Gauge
  let recordsSinceSnapshot: Gauge
  let failed: Gauge
  /// Sequences seen at earlier ticks and not yet durable, oldest first, with when they were seen.
  private var undurableSince: [(sequence: UInt64, seen: ContinuousClock.Instant)] = []
  private var snapshot: (sequence: UInt64?, seen: ContinuousClock.Instant)?

  init(registry: MetricsRegistry) {
    appends = registry.counter(
      "switchyard_journal_appends_total", help: "Records appended to the journal: its last sequence number, which survives restarts."
    )
    bytes = registry.gauge("switchyard_journal_bytes", help: "Bytes the journal's segments and snapshots take on disk.")
    fsyncs = registry.counter("switchyard_journal_fsyncs_total", help: "fsyncs the journal made since it was opened.")
    lastFsync = registry.gauge("switchyard_journal_last_fsync_seconds", help: "How long the journal's last fsync took.")
    undurable = registry.gauge(
      "switchyard_journal_undurable_records", help: "Records appended but not yet on disk as the --fsync mode promises."
    )
    durableLag = registry.gauge(
      "switchyard_journal_durable_lag_seconds", help: "How long the oldest record not yet durable has waited; 0 when all are."
    )
    snapshotAge = registry.gauge(
      "switchyard_journal_snapshot_age_seconds", help: "Time since the newest snapshot was taken or recovered by this process."
    )
    recordsSinceSnapshot = registry.gauge(
      "switchyard_journal_records_since_snapshot", help: "Records appended after the newest snapshot: what a restart replays."
    )
    failed = registry.gauge("switchyard_journal_failed", help: "1 once the journal failed and actions are no longer journaled.")
  }

  mutating func publish(_ report: JournalReport, now: ContinuousClock.Instant) {
    appends.setTotal(Double(report.lastSequence))
    bytes.set(Double(report.bytes))
    fsyncs.setTotal(Double(report.syncCount))
    lastFsync.set(Double(report.lastSyncMicros) / 1e6)
    undurable.set(Double(report.lastSequence &- min(report.lastSequence, report.durableSequence)))
    failed.set(report.failure == nil ? 0 : 1)
    undurableSince.removeAll { $0.sequence <= report.durableSequence }
    if report.lastSequence > report.durableSequence, (undurableSince.last?.sequence ?? 0) < report.lastSequence {
      undurableSince.append((report.lastSequence, now))
    }
    durableLag.set(undurableSince.first.map { now - $0.seen } ?? .zero)
    if snapshot == nil || snapshot?.sequence != report.snapshotSequence { snapshot = (report.snapshotSequence, now) }
    snapshotAge.set(snapshot.map { now - $0.seen } ?? .zero)
    recordsSinceSnapshot.set(Double(report.lastSequence &- min(report.lastSequence, report.snapshotSequence ?? 0)))
  }
}
