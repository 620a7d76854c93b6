import Foundation
import Synchronization
import SwitchyardJournal
import SwitchyardMetrics

/// The journal's metrics: how far behind its durability promise it is, set on every supervision
/// tick, and its size, fsyncs and snapshot age, read from ``JournalStatus`` on the scraping thread (the
/// status lists the data directory, which the main actor should not do twenty times a second).
///
/// The journal keeps no clock of its records, so the lag is measured at tick resolution: each tick
/// that sees new actions asks the journal (`whenDurable`) to say when the last of them is durable,
/// and the lag is the age of the oldest such question not yet answered.
@MainActor
final class JournalGauges {
  private let appends: Counter
  private let undurable: Gauge
  private let durableLag: Gauge
  private let failed: Gauge
  private let durability = Mutex(Durability())

  /// What the journal has answered: the sequences asked about and not yet durable, oldest first,
  /// with the tick that asked, and the highest known durable.
  private struct Durability {
    var waiting: [(sequence: UInt64, askedAt: ContinuousClock.Instant)] = []
    var asked: UInt64 = 0
    var durable: UInt64 = 0
  }

  init(registry: MetricsRegistry, journal: Journal) {
    appends = registry.counter(
      "switchyard_journal_appends_total", help: "Actions journaled: the journal's last sequence number, which survives restarts."
    )
    undurable = registry.gauge(
      "switchyard_journal_undurable_records", help: "Records appended but not yet on disk as the --fsync mode promises."
    )
    durableLag = registry.gauge(
      "switchyard_journal_durable_lag_seconds", help: "How long the oldest record not yet durable has waited; 0 when all are."
    )
    failed = registry.gauge("switchyard_journal_failed", help: "1 once the journal failed and actions are no longer journaled.")
    Self.refreshStatusOnScrape(registry, journal)
  }

  func publish(_ log: ActionJournal, now: ContinuousClock.Instant) {
    let last = log.lastActionSequence
    let ask = durability.withLock { state in
      guard last > state.asked else { return false }
      state.asked = last
      state.waiting.append((last, now))
      return true
    }
    if ask {
      log.journal.whenDurable(last) { [self] result in
        guard case .success = result else { return }
        durability.withLock { state in
          state.durable = max(state.durable, last)
          state.waiting.removeAll { $0.sequence <= last }
        }
      }
    }
    let (oldest, durable) = durability.withLock { ($0.waiting.first?.askedAt, $0.durable) }
    appends.setTotal(Double(last))
    undurable.set(Double(last - min(last, durable)))
    durableLag.set(oldest.map { now - $0 } ?? .zero)
    failed.set(log.failure == nil ? 0 : 1)
  }

  /// Sets the status's gauges at each scrape, on the scraping thread.
  private nonisolated static func refreshStatusOnScrape(_ registry: MetricsRegistry, _ journal: Journal) {
    let bytes = registry.gauge("switchyard_journal_bytes", help: "Bytes the journal's segments and snapshots take on disk.")
    let fsyncs = registry.counter("switchyard_journal_fsyncs_total", help: "fsyncs the journal made since it was opened.")
    let lastFsync = registry.gauge("switchyard_journal_last_fsync_seconds", help: "How long the journal's last fsync took.")
    let snapshotAge = registry.gauge(
      "switchyard_journal_snapshot_age_seconds", help: "Time since the newest snapshot's file was written; 0 when there is none."
    )
    let sinceSnapshot = registry.gauge(
      "switchyard_journal_records_since_snapshot", help: "Records appended after the newest snapshot: what a restart replays."
    )
    registry.refreshOnScrape {
      let status = journal.status
      bytes.set(Double(status.bytes))
      fsyncs.setTotal(Double(status.syncCount))
      lastFsync.set(.nanoseconds(status.lastSyncNanoseconds))
      sinceSnapshot.set(Double(status.lastSequence - min(status.lastSequence, status.snapshotSequence ?? 0)))
      let written = status.snapshotWrittenNanoseconds.map { Double($0) / 1e9 }
      snapshotAge.set(written.map { max(0, Date().timeIntervalSince1970 - $0) } ?? 0)
    }
  }
}
