import Foundation
import Testing
@testable import SwitchyardMetrics

/// The registry's text, exactly, in both formats, and as promtool reads it.
@Suite struct ExpositionTests {
  func registry() -> MetricsRegistry {
    let registry = MetricsRegistry()
    registry.info("switchyard_build_info", help: "The build.", labels: [MetricLabel("version", "1.2.3")])
    registry.counter("switchyard_effects_completed_total", help: "Effects completed.", labels: [MetricLabel("pool", "search")])
      .increment(by: 3)
    registry.gauge("switchyard_pool_queued_effects", help: "Effects waiting.", labels: [MetricLabel("pool", "a \"b\"\\c\nd")]).set(2.5)
    let histogram = registry.histogram("switchyard_effect_duration_seconds", help: "Latency.", buckets: [0.1, 1])
    histogram.observe(.milliseconds(50))
    histogram.observe(0.5)
    histogram.observe(4)
    return registry
  }

  @Test func textFormatIsPrometheus004() {
    #expect(
      registry().render(.text) == """
        # HELP switchyard_build_info The build.
        # TYPE switchyard_build_info gauge
        switchyard_build_info{version="1.2.3"} 1
        # HELP switchyard_effects_completed_total Effects completed.
        # TYPE switchyard_effects_completed_total counter
        switchyard_effects_completed_total{pool="search"} 3
        # HELP switchyard_pool_queued_effects Effects waiting.
        # TYPE switchyard_pool_queued_effects gauge
        switchyard_pool_queued_effects{pool="a \\"b\\"\\\\c\\nd"} 2.5
        # HELP switchyard_effect_duration_seconds Latency.
        # TYPE switchyard_effect_duration_seconds histogram
        switchyard_effect_duration_seconds_bucket{le="0.1"} 1
        switchyard_effect_duration_seconds_bucket{le="1"} 2
        switchyard_effect_duration_seconds_bucket{le="+Inf"} 3
        switchyard_effect_duration_seconds_sum 4.55
        switchyard_effect_duration_seconds_count 3

        """
    )
  }

  @Test func openMetricsNamesFamiliesWithoutSuffixesAndEnds() {
    let text = registry().render(.openMetrics)
    #expect(text.contains("# TYPE switchyard_build info\nswitchyard_build_info{version=\"1.2.3\"} 1\n"))
    #expect(text.contains("# TYPE switchyard_effects_completed counter\nswitchyard_effects_completed_total{pool=\"search\"} 3\n"))
    #expect(text.hasSuffix("switchyard_effect_duration_seconds_count 3\n# EOF\n"))
  }

  @Test func helpTextIsEscapedAsEachFormatAsks() {
    let registry = MetricsRegistry()
    registry.gauge("a", help: #"a "quoted" \ help"#).set(1)
    #expect(registry.render(.text).hasPrefix(#"# HELP a a "quoted" \\ help"# + "\n"))
    #expect(registry.render(.openMetrics).hasPrefix(#"# HELP a a \"quoted\" \\ help"# + "\n"))
  }

  @Test func acceptChoosesTheFormat() {
    #expect(ExpositionFormat(accept: nil) == .text)
    #expect(ExpositionFormat(accept: "text/plain;version=0.0.4;q=0.5,*/*;q=0.1") == .text)
    // What Prometheus 2.x sends.
    #expect(
      ExpositionFormat(accept: "application/openmetrics-text;version=1.0.0,application/openmetrics-text;version=0.0.1;q=0.75,text/plain;version=0.0.4;q=0.5")
        == .openMetrics
    )
    #expect(ExpositionFormat.openMetrics.contentType == "application/openmetrics-text; version=1.0.0; charset=utf-8")
  }

  @Test func theSameLabelsGiveTheSameInstrument() {
    let registry = MetricsRegistry()
    let first = registry.counter("a_total", help: "A.", labels: [MetricLabel("pool", "x")])
    first.increment()
    registry.counter("a_total", help: "A.", labels: [MetricLabel("pool", "x")]).increment()
    #expect(first.value == 2)
    #expect(registry.counter("a_total", help: "A.", labels: [MetricLabel("pool", "y")]).value == 0)
  }

  @Test func processMetricsReadThisProcess() {
    let registry = MetricsRegistry()
    ProcessMetrics.register(in: registry)
    let text = registry.render(.text)
    func value(_ name: String) -> Double? {
      text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Double($0.split(separator: " ")[1]) }
    }
    #expect((value("process_resident_memory_bytes") ?? 0) > 1_000_000)
    #expect((value("process_open_fds") ?? 0) >= 3)
    let start = value("process_start_time_seconds") ?? 0
    #expect(abs(start - Date().timeIntervalSince1970) < 24 * 3600, "started today, not at the epoch")
    #expect(value("process_cpu_seconds_total") != nil)
  }

  @Test func promtoolAcceptsTheTextFormat() async throws {
    let registry = registry()
    ProcessMetrics.register(in: registry)
    let result = try await PrometheusTools.checkMetrics(registry.render(.text))
    #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
  }

  @Test func theAlertRulesLoad() async throws {
    let result = try await PrometheusTools.checkRules(PrometheusTools.deployDirectory.appendingPathComponent("prometheus/switchyard-alerts.yml").path)
    #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
    #expect(result.output.contains("SUCCESS"))
  }

  /// The effects-lost alert fires for an effect that stays unaccounted for, and is not even
  /// pending for one scrape out of step; the high-availability alerts fire for a group without a
  /// leader or with two, a standby that never catches up and a leader that keeps changing, and not
  /// for a takeover; the slow-reductions alert for many, not a few
  /// (deploy/prometheus/switchyard-alerts.test.yml).
  @Test func theAlertRulesPassTheirUnitTests() async throws {
    let result = try await PrometheusTools.testRules(
      PrometheusTools.deployDirectory.appendingPathComponent("prometheus/switchyard-alerts.test.yml").path
    )
    #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
  }
}
