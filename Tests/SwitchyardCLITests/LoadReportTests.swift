import Testing
import SwitchyardWire
@testable import SwitchyardCLI

struct LoadReportTests {
  @Test func percentilesByNearestRankAndAHistogramOfEverySample() {
    let summary = LatencySummary(samples: (1...100).reversed().map { Int64($0) * 1_000 })
    #expect(summary.count == 100)
    #expect(summary.p50 == 50_000)
    #expect(summary.p90 == 90_000)
    #expect(summary.p99 == 99_000)
    #expect(summary.max == 100_000)
    #expect(summary.histogram.reduce(0, +) == 100)
    #expect(LatencySummary.bucketBounds.first == 100)
    #expect(LatencySummary.bucketBounds.last == 10_000_000)
    // 1 ms falls in the bucket bounded by 1 ms; 57 ms to 100 ms in the one bounded by 100 ms.
    #expect(summary.histogram[4] == 1)
    #expect(summary.histogram[12] == 44)
    #expect(LatencySummary(samples: []) == LatencySummary(samples: []))
    #expect(LatencySummary(samples: []).p99 == 0)
  }

  @Test func lostEffectsAreThoseStartedThatNeverEnded() {
    let before = PoolStatus(
      kind: "search", size: 2, target: 2, busy: 0, queued: 0, started: 10, completed: 6, failed: 1, cancelled: 3,
      retried: 0, restarts: 0, latencyP50Micros: 0, latencyP99Micros: 0, health: "healthy"
    )
    var after = before
    after.started = 110
    after.completed = 56
    after.failed = 2
    after.cancelled = 50
    let account = EffectAccount(from: before, to: after)
    #expect(account == EffectAccount(started: 100, completed: 50, failed: 1, cancelled: 47))
    #expect(account.lost == 2)
    #expect(EffectAccount(from: nil, to: after).started == 110)
  }

  @Test func anEffectInFlightBeforeTheLoadThatEndsInsideItIsNotALostOne() {
    // The demo's run that printed "pagination 301 started, 302 completed, lost -1": one page load
    // was under way when the load began.
    let before = PoolStatus(
      kind: "pagination", size: 2, target: 2, busy: 1, queued: 0, started: 5, completed: 4, failed: 0, cancelled: 0,
      retried: 0, restarts: 0, latencyP50Micros: 0, latencyP99Micros: 0, health: "healthy"
    )
    var after = before
    after.busy = 0
    after.started = 306
    after.completed = 306
    let account = EffectAccount(from: before, to: after)
    #expect(account.started == 301 && account.completed == 302)
    #expect(account.inFlightAtStart == 1 && account.inFlightAtEnd == 0)
    #expect(account.lost == 0)
    // A listener the application keeps open throughout is neither lost nor a problem.
    var listening = before
    listening.started = 50
    listening.cancelled = 45
    #expect(EffectAccount(from: before, to: listening).lost == 0)
    // One the load started and left running is.
    listening.started = 51
    #expect(EffectAccount(from: before, to: listening).lost == 1)
  }

  @Test func theJSONReportCarriesEveryNumberUnderStableNames() throws {
    let report = LoadReport(results: [result(searchWorkers: 1, lost: 0), result(searchWorkers: 2, lost: 1)], sweptKind: "search", cores: 2)
    let json = try WireJSONDecoder().parse(Array(report.json().utf8))
    #expect(json[dottedPath: "format"] == 1)
    #expect(json[dottedPath: "cores"] == 2)
    #expect(json[dottedPath: "lostEffects"] == 1)
    #expect(json[dottedPath: "sweptKind"] == "search")
    #expect(json[dottedPath: "runs.1.pools.search"] == 2)
    #expect(json[dottedPath: "runs.1.effects.search"] == [
      "started": 11, "completed": 6, "failed": 1, "cancelled": 3, "inFlightAtStart": 0, "inFlightAtEnd": 1, "lost": 1,
    ])
    #expect(json[dottedPath: "runs.0.roundTrips.search.p50Micros"] == 2_000)
    #expect(json[dottedPath: "runs.0.errors"] == ["search: noAnswer": 1])
    #expect(json[dottedPath: "sweep.1.size"] == 2)
    #expect(json[dottedPath: "sweep.1.lostEffects"] == 1)
    #expect(json[dottedPath: "sweep"]?.arrayValue?.count == 2)
  }

  @Test func theTextReportShowsEachTableAndTheVerdict() {
    let report = LoadReport(results: [result(searchWorkers: 2, lost: 0)], sweptKind: nil)
    let text = report.render(colored: false)
    #expect(text.contains("demo: 4 users for 2.0 s, pools search=2\n"))
    #expect(text.contains("  into the store 300  (150.0 actions/s)\n"))
    #expect(text.contains("ROUND TRIP  COUNT     P50     P90     P95     P99     MAX\nsearch          3  2.0 ms  3.0 ms  3.0 ms  3.0 ms  3.0 ms\n"))
    #expect(text.contains("EFFECTS  STARTED  COMPLETED  FAILED  CANCELLED  LOST\nsearch        10          6       1          3     0\n"))
    #expect(text.contains("ERRORS            COUNT\nsearch: noAnswer      1\n"))
    #expect(text.hasSuffix("lost effects: 0\n"))
    let lossy = LoadReport(results: [result(searchWorkers: 2, lost: 2)]).render(colored: false)
    #expect(lossy.hasSuffix("lost effects: 2 — every effect must end finished, failed or cancelled\n"))
  }

  @Test func aFailoverIsNamedAndItsInterruptedStepsAccountedForWithTheLostOnesLostEffects() throws {
    var steps = InterruptedSteps()
    steps.resent = 2
    steps.record(.succeeded, lostBecause: "noAnswer")
    steps.record(.failed("coordinatorRestarted"), lostBecause: "noAnswer")
    steps.record(nil, lostBecause: "noAnswer")
    var result = result(searchWorkers: 2, lost: 0)
    result.failovers = [LoadFailover(from: "/run/a", to: "/run/b", atSecond: 3.2, withoutLeaderSeconds: 1.4)]
    result.interrupted = steps
    let report = LoadReport(results: [result])
    #expect(steps.count == 3 && result.lostEffects == 1 && report.lostEffects == 1)
    let text = report.render(colored: false)
    #expect(text.contains("failover       at 3.2 s: /run/a → /run/b, found in 1.4 s\n"))
    #expect(text.contains("interrupted    3 steps: completed 1, failed 1 (1 coordinatorRestarted), lost 1 (1 noAnswer); resent 2\n"))
    let json = try WireJSONDecoder().parse(Array(report.json().utf8))
    #expect(json[dottedPath: "runs.0.failovers.0.to"] == "/run/b")
    #expect(json[dottedPath: "runs.0.interruptedSteps"] == [
      "resent": 2, "completed": 1, "failed": ["coordinatorRestarted": 1], "lost": ["noAnswer": 1],
    ])
    #expect(LoadReport(results: [self.result(searchWorkers: 2, lost: 0)]).render(colored: false).contains("failover") == false)
  }

  @Test func aSweepAddsAScalingTable() {
    let report = LoadReport(results: [result(searchWorkers: 1, lost: 0), result(searchWorkers: 4, lost: 0)], sweptKind: "search")
    #expect(report.render(colored: false).contains("""
      SEARCH WORKERS  ACTIONS/S  ROUND TRIPS/S     P50     P99  ERRORS  LOST
                   1      150.0            1.5  2.0 ms  3.0 ms       1     0
                   4      150.0            1.5  2.0 ms  3.0 ms       1     0
      """))
  }

  @Test func theHTMLReportIsOnePageWithChartsAndNothingFetched() {
    let report = LoadReport(results: [result(searchWorkers: 1, lost: 0), result(searchWorkers: 2, lost: 0)], sweptKind: "search")
    let html = LoadHTMLReport(report).render()
    #expect(html.hasPrefix("<!doctype html>"))
    // Two histograms (one per run) and the two sweep charts.
    #expect(html.components(separatedBy: "<svg ").count - 1 == 4)
    #expect(html.contains("Throughput against pool size"))
    #expect(html.contains("Lost effects: 0."))
    #expect(!html.contains("<script"))
    #expect(!html.contains("<link"))
    #expect(!html.replacing("http://www.w3.org/2000/svg", with: "").contains("http"))
  }

  private func result(searchWorkers: Int, lost: Int64) -> LoadResult {
    LoadResult(
      scenario: "demo",
      users: 4,
      poolSizes: ["search": searchWorkers],
      seconds: 2,
      actionsSent: 120,
      storeActions: 300,
      roundTrips: ["search": LatencySummary(samples: [1_000, 2_000, 3_000])],
      errors: ["search: noAnswer": 1],
      effects: ["search": EffectAccount(started: 10 + lost, completed: 6, failed: 1, cancelled: 3)]
    )
  }
}
