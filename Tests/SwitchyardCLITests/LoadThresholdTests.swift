import SwitchyardWire
import Testing
@testable import SwitchyardCLI

/// `load --threshold`, `--report FILE.csv|.ndjson` and the per-second series, as k6 users expect them.
struct LoadThresholdTests {
  static let result = LoadResult(
    scenario: "demo", users: 2, poolSizes: ["search": 2], seconds: 2, actionsSent: 40, storeActions: 80,
    roundTrips: [
      "search": LatencySummary(samples: (1...100).map { Int64($0) * 1_000 }),
      "pagination": LatencySummary(samples: [5_000, 7_000]),
    ],
    errors: ["search: noAnswer": 1], effects: [:],
    series: [
      LoadSecond(second: 0, sent: 25, acked: 20, errors: 1, p50: 4_000, p95: 9_500, p99: 12_000),
      LoadSecond(second: 1, sent: 15, acked: 0, errors: 0, p50: 0, p95: 0, p99: 0),
    ],
    build: "0.1.0"
  )

  @Test func thresholdsReadLikeK6s() throws {
    let p95 = try #require(LoadThreshold("p95 < 50ms"))
    #expect(p95.kind == nil && p95.metric == .p95 && p95.comparison == .below && p95.limit == 50_000)
    let search = try #require(LoadThreshold("search.p99<=0.4s"))
    #expect(search.kind == "search" && search.metric == .p99 && search.comparison == .atMost && search.limit == 400_000)
    #expect(LoadThreshold("max<250")?.limit == 250_000, "milliseconds when no unit is given")
    #expect(LoadThreshold("p50<800us")?.limit == 800)
    #expect(LoadThreshold("errors<1")?.limit == 1)
    #expect(LoadThreshold("rate>=100")?.comparison == .atLeast)
    for invalid in ["p95", "p96<1ms", "search.errors<1", ".p95<1ms", "p95<fast", "p95<-1ms", "<1"] {
      #expect(LoadThreshold(invalid) == nil, "\(invalid)")
    }
  }

  @Test func aLatencyWithoutAKindMustHoldForEveryKind() throws {
    #expect(try #require(LoadThreshold("p95<96ms")).passes(Self.result))
    #expect(try #require(LoadThreshold("p95<95ms")).passes(Self.result) == false)
    #expect(try #require(LoadThreshold("pagination.p95<95ms")).passes(Self.result))
    #expect(try #require(LoadThreshold("upload.p95<1s")).passes(Self.result) == false, "a kind with no round trips fails")
    #expect(try #require(LoadThreshold("errors<1")).passes(Self.result) == false)
    #expect(try #require(LoadThreshold("rate>50")).passes(Self.result), "102 round trips in 2 s")
    let report = LoadReport(results: [Self.result], thresholds: ["p95<96ms", "errors<1"].compactMap(LoadThreshold.init))
    #expect(report.breachedThresholds.map(\.description) == ["errors<1"])
    let text = report.render(colored: false)
    #expect(text.contains("✓ p95<96ms             pagination 7.0 ms, search 95.0 ms"), "\(text)")
    #expect(text.contains("✗ errors<1             errors 1"), "\(text)")
  }

  @Test func theSeriesIsWrittenAsCSVAndNDJSONAndShownWithUnits() throws {
    let report = LoadReport(results: [Self.result])
    #expect(
      LoadSeriesFile.csv(report)
        == "run,second,sent,acked,errors,p50_ms,p95_ms,p99_ms\ndemo,0,25,20,1,4.000,9.500,12.000\ndemo,1,15,0,0,0.000,0.000,0.000\n"
    )
    let lines = try LoadSeriesFile.ndjson(report).split(separator: "\n").map { try WireJSONDecoder().parse(Array($0.utf8)) }
    #expect(lines.count == 2)
    #expect(lines[0] == ["run": "demo", "second": 0, "sent": 25, "acked": 20, "errors": 1, "p50_ms": 4.0, "p95_ms": 9.5, "p99_ms": 12.0])
    let table = LoadReport.seriesTable(Self.result).render(colored: false)
    #expect(table.hasPrefix("SECOND (s)  SENT (/s)  ACKED (/s)  P50 (ms)  P95 (ms)  P99 (ms)  ERRORS (/s)\n"), "\(table)")
    #expect(table.contains("         1         15           0         -         -         -            0"), "\(table)")
  }
}
