import Foundation
import Synchronization
import SwitchyardDiagnostics
import SwitchyardMetrics
import SwitchyardTestSupport
import Testing
@testable import SwitchyardRuntime

/// What the effects-lost alert (deploy/prometheus/switchyard-alerts.yml) sums, in every scrape of a
/// coordinator under load: effects started, minus those completed, failed and cancelled, minus
/// those queued and running, is never above 0, and the latency histogram counts as many as
/// completed. Counters bumped as effects ended beside gauges set on the tick, or an effect waiting
/// out a retry's backoff counted nowhere, made it positive mid-load, and the alert went pending on
/// a healthy coordinator.
@MainActor
@Suite(.serialized)
struct MetricsPublicationTests {
  @Test func everyScrapeUnderLoadAccountsForEveryEffect() async throws {
    let registry = MetricsRegistry()
    let scraper = BusyScraper(registry)
    defer { scraper.stop() }
    let pool = testPool(size: 2, maxInFlightPerWorker: 4)
    try await withCoordinator(pool: pool, metrics: registry) { coordinator, _, _ in
      // Retryable timeouts: each attempt times out, and its effect waits out a backoff before the next.
      for index in 0..<4 {
        let job = ProbeJob(tag: "late\(index)", outputs: 1, intervalMillis: 5_000, timeoutMillis: 60)
        coordinator.store.send(.start(name: "late\(index)", job: job, cancelInFlight: false))
      }
      for index in 0..<300 {
        coordinator.store.send(.start(name: "run\(index)", job: ProbeJob(tag: "\(index)", outputs: 1), cancelInFlight: false))
      }
      try await eventually("every effect to end", within: 45) {
        let status = coordinator.probePool
        return status.completed + status.failed + status.cancelled == 304
      }
      try await eventually("a scrape of the end") { scraper.scrapes.last?.ended == 304 }
    }
    let scrapes = scraper.stop()
    #expect(scrapes.contains { $0.started > $0.ended }, "no scrape fell while effects were in flight")
    #expect(scrapes.contains { $0.retried > 0 })
    // Below 0 is allowed: an effect that timed out waiting in the queue keeps its place (counted as
    // queued) until its turn comes and it is dropped; the alert fires only above 0.
    let unaccounted = scrapes.filter { $0.unaccounted > 0 }
    let unaccountedCount = unaccounted.count
    #expect(unaccountedCount == 0, "of \(scrapes.count) scrapes, such as \(unaccounted.prefix(2))")
    let histogramApart = scrapes.count { $0.completedLatencies != $0.values["switchyard_effects_completed_total", default: 0] }
    #expect(histogramApart == 0, "scrapes whose latency histogram counts other than the effects completed")
  }
}

/// A thread scraping a registry every millisecond, keeping the probe pool's figures of each scrape.
private final class BusyScraper: Sendable {
  /// One scrape's figures for the probe pool.
  struct Figures: CustomStringConvertible {
    var values: [String: Double]

    var started: Double { values["switchyard_effects_started_total", default: 0] }
    var retried: Double { values["switchyard_effects_retried_total", default: 0] }
    var ended: Double {
      ["completed", "failed", "cancelled"].reduce(0) { $0 + values["switchyard_effects_\($1)_total", default: 0] }
    }
    var completedLatencies: Double { values["switchyard_effect_duration_seconds_count", default: 0] }
    var unaccounted: Double {
      started - ended - values["switchyard_pool_queued_effects", default: 0] - values["switchyard_pool_running_effects", default: 0]
    }
    var description: String { "\(values)" }
  }

  private let state = Mutex<(stopped: Bool, scrapes: [Figures])>((false, []))
  private let done = DispatchSemaphore(value: 0)

  init(_ registry: MetricsRegistry) {
    Thread.detachNewThread { [self] in
      while !state.withLock({ $0.stopped }) {
        let figures = Self.figures(in: registry.render(.text))
        state.withLock { $0.scrapes.append(figures) }
        Thread.sleep(forTimeInterval: 0.001)
      }
      done.signal()
    }
  }

  var scrapes: [Figures] {
    state.withLock { $0.scrapes }
  }

  /// Stops scraping and returns every scrape's figures.
  @discardableResult
  func stop() -> [Figures] {
    let wasRunning = state.withLock { state in
      defer { state.stopped = true }
      return !state.stopped
    }
    if wasRunning { done.wait() }
    return scrapes
  }

  private static func figures(in exposition: String) -> Figures {
    var values: [String: Double] = [:]
    for line in exposition.split(separator: "\n") where line.contains("{pool=\"probe\"} ") {
      let parts = line.split(separator: " ")
      guard let name = parts.first?.split(separator: "{").first, let value = parts.last.flatMap({ Double($0) }) else { continue }
      values[String(name)] = value
    }
    return Figures(values: values)
  }
}
