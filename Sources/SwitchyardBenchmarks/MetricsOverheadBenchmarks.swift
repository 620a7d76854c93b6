#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import SwitchyardDiagnostics
import SwitchyardMetrics
import SwitchyardRuntime

/// What serving metrics costs a busy coordinator: `process.pipelined` through two coordinators at
/// once, one recording metrics and scraped every 100 ms of its windows (the registry rendered as
/// `/metrics` renders it, on a thread of its own) and one without, their windows alternated, each
/// side first in every other round, as ``JournalOverheadBenchmarks`` does; the headline is the
/// median over pairs of rounds of metered time over plain time, each pair one round of each order
/// (their ratios' geometric mean, so a window's place in its round cancels out), since one slow
/// window on this shared machine moves a median little and a sum much; the note adds the totals
/// and the process's CPU per effect on each side.
enum MetricsOverheadBenchmarks {
  static func cases(launch: WorkerLaunch) -> [BenchmarkCase] {
    [pipelined(launch: launch)]
  }

  static func pipelined(launch: WorkerLaunch) -> BenchmarkCase {
    BenchmarkCase(
      name: "metrics.pipelined-overhead",
      summary: "process.pipelined (1 worker) recording metrics and scraped every 100 ms, over the same without metrics",
      target: .atMostRatio(1.02)
    ) { harness in
      let window = harness.mode == .full ? 1_024 : 64
      let rounds = harness.mode == .full ? 100 : 1
      let base = NSTemporaryDirectory() + "switchyard-bench-metrics-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
      defer { try? FileManager.default.removeItem(atPath: base) }
      let registry = MetricsRegistry()
      ProcessMetrics.register(in: registry)
      let plain = PipelineCoordinator(ProbeFeature(), runDirectory: base + "/plain", launch: launch, window: window)
      let metered = PipelineCoordinator(
        ProbeFeature(), runDirectory: base + "/metered", launch: launch, window: window, metrics: registry
      )
      let scraper = Scraper(registry, every: .milliseconds(100))
      defer { scraper.stop() }
      var times = (plain: 0.0, metered: 0.0)
      var ratios: [Double] = []
      var cpu = (plain: 0.0, metered: 0.0)
      do {
        try await plain.start()
        try await metered.start()
        _ = try await plain.pipeline(window: window, tag: "warm")
        _ = try await metered.pipeline(window: window, tag: "warm")
        @MainActor func timePlain(_ round: Int) async throws -> Double {
          let cpuStart = ProcessCPUTime.nanoseconds()
          let time = try await plain.pipeline(window: window, tag: "\(round)")
          cpu.plain += ProcessCPUTime.nanoseconds() - cpuStart
          times.plain += time
          return time
        }
        @MainActor func timeMetered(_ round: Int) async throws -> Double {
          let cpuStart = ProcessCPUTime.nanoseconds()
          let time = try await scraper.active { try await metered.pipeline(window: window, tag: "\(round)") }
          cpu.metered += ProcessCPUTime.nanoseconds() - cpuStart
          times.metered += time
          return time
        }
        for round in 0..<rounds {
          if round.isMultiple(of: 2) {
            let plainTime = try await timePlain(round)
            ratios.append(try await timeMetered(round) / plainTime)
          } else {
            let meteredTime = try await timeMetered(round)
            ratios.append(meteredTime / (try await timePlain(round)))
          }
        }
      } catch {
        await plain.shutdown()
        await metered.shutdown()
        throw error
      }
      await plain.shutdown()
      await metered.shutdown()
      let effects = Double(window * rounds)
      let (scrapes, bytes, renderNanoseconds) = scraper.statistics
      return BenchmarkMeasurement(
        value: Self.pairedMedian(ratios),
        unit: .ratio,
        note: "median of \(max(1, rounds / 2)) pairs of rounds; totals \(fixed(times.metered / times.plain, digits: 3))×: "
          + "\(BenchmarkUnit.perSecond.format(effects / (times.metered / 1e9))) metered, "
          + "\(BenchmarkUnit.perSecond.format(effects / (times.plain / 1e9))) plain; "
          + "process CPU \(fixed(cpu.metered / effects / 1e3, digits: 2)) µs per effect metered, "
          + "\(fixed(cpu.plain / effects / 1e3, digits: 2)) µs plain (\(fixed(cpu.metered / cpu.plain, digits: 3))×); "
          + "\(scrapes) scrapes of \(bytes / max(1, scrapes)) bytes, "
          + "\(fixed(renderNanoseconds / Double(max(1, scrapes)) / 1e3, digits: 1)) µs each; windows of \(window); unpinned"
      )
    }
  }
}

extension MetricsOverheadBenchmarks {
  /// The median of the geometric means of consecutive ratios: each pair holds a round with each
  /// side first, so whatever the second window of a round gains or loses cancels out.
  static func pairedMedian(_ ratios: [Double]) -> Double {
    guard ratios.count > 1 else { return ratios.first ?? 1 }
    let pairs = stride(from: 0, to: ratios.count - 1, by: 2).map { (ratios[$0] * ratios[$0 + 1]).squareRoot() }
    return pairs.sorted()[pairs.count / 2]
  }
}

/// A thread rendering a registry as Prometheus scraping `/metrics` would make the endpoint do:
/// once per `interval` of the time it is ``active``, so the metered windows alone pay for it. It
/// sleeps until the next scrape is due, or until a window starts: polling would cost the windows
/// it measures more than the scrapes do.
private final class Scraper: Sendable {
  private let state = Mutex(State())
  private let wake = DispatchSemaphore(value: 0)
  private let done = DispatchSemaphore(value: 0)

  private struct State {
    var stopped = false
    var activeSince: ContinuousClock.Instant?
    var activeBefore = Duration.zero
    var nextScrape = Duration.zero
    var scrapes = 0
    var bytes = 0
    var nanoseconds = 0.0

    func activeTime(at now: ContinuousClock.Instant) -> Duration {
      activeBefore + (activeSince.map { now - $0 } ?? .zero)
    }
  }

  /// What the scraping thread does next.
  private enum Next {
    case stop
    case waitForWindow
    case sleep(Duration)
    case scrape
  }

  init(_ registry: MetricsRegistry, every interval: Duration) {
    Thread.detachNewThread { [self] in
      let clock = ContinuousClock()
      while true {
        let next = state.withLock { state -> Next in
          if state.stopped { return .stop }
          guard state.activeSince != nil else { return .waitForWindow }
          let remaining = state.nextScrape - state.activeTime(at: clock.now)
          return remaining > .zero ? .sleep(remaining) : .scrape
        }
        switch next {
        case .stop:
          done.signal()
          return
        case .waitForWindow:
          wake.wait()
          continue
        case let .sleep(remaining):
          let (seconds, attoseconds) = remaining.components
          _ = wake.wait(timeout: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)))
          continue
        case .scrape:
          break
        }
        let start = clock.now
        let text = registry.render(.text)
        let elapsed = start.duration(to: clock.now).nanoseconds
        state.withLock {
          $0.nextScrape += interval
          $0.scrapes += 1
          $0.bytes += text.utf8.count
          $0.nanoseconds += elapsed
        }
      }
    }
  }

  /// Scrapes while `body` runs.
  @MainActor
  func active<T>(_ body: () async throws -> T) async rethrows -> T {
    state.withLock { $0.activeSince = .now }
    wake.signal()
    defer {
      state.withLock { state in
        state.activeBefore = state.activeTime(at: .now)
        state.activeSince = nil
      }
    }
    return try await body()
  }

  /// Scrapes made, bytes rendered, and nanoseconds spent rendering.
  var statistics: (scrapes: Int, bytes: Int, nanoseconds: Double) {
    state.withLock { ($0.scrapes, $0.bytes, $0.nanoseconds) }
  }

  func stop() {
    let wasRunning = state.withLock { state in
      defer { state.stopped = true }
      return !state.stopped
    }
    guard wasRunning else { return }
    wake.signal()
    done.wait()
  }
}
