import Foundation
import SwitchyardNet
import SwitchyardRedis
import SwitchyardTestSupport
import Testing

/// The demo coordinator under `switchyard load`, scraped every second by a real Prometheus: what
/// Prometheus stored agrees with `status --json` and `load --json`, the exposition passes
/// promtool, the alert rules load, and every query of the Grafana dashboard parses and names only
/// metrics the coordinator serves. It runs with `--ha`, alone, so that it serves every family.
@Suite(.serialized) struct PrometheusScrapeTests {
  @Test(.timeLimit(.minutes(3))) func prometheusStoresWhatStatusReports() async throws {
    guard LocalRedisServer.executable != nil else {
      Issue.record("\(LocalRedisServerError.notInstalled)")
      return
    }
    let redis = try LocalRedisServer()
    defer { redis.stop() }
    let broker = "redis://127.0.0.1:\(redis.port)/0"
    let name = "metrics\(getpid())"
    let coordinator = try CoordinatorChild(arguments: [
      "--demo", "--pools", "search=redis,websocket=1,pagination=2", "--broker", broker, "--name", name, "--metrics", "127.0.0.1:0",
      "--http", "127.0.0.1:0", "--ha", broker,
    ])
    defer { coordinator.cleanUp() }
    // The standby's socket comes first; the coordinator's, once it leads, replaces it.
    try await eventually("the coordinator leading and serving; log:\n\(coordinator.log)") {
      coordinator.log.contains("coordinator \(coordinator.process.pid) serving")
    }
    let port = try await announcedPort(after: "metrics at http://127.0.0.1:") { coordinator.log }
    let worker = try TestProcess(["worker", "search", "--broker", broker, "--name", name, "--metrics", "127.0.0.1:0"])
    defer { worker.stop() }
    try await worker.waitForErrorOutput("the remote worker to serve", within: 20) { $0.contains("serving 'search' jobs") }
    let workerPort = try await announcedPort(after: "metrics at http://127.0.0.1:") { worker.errorOutput }
    for target in [port, workerPort] {
      let check = try await PrometheusTools.checkMetrics(try await scrape(target))
      #expect(check.status == 0, "promtool check metrics on port \(target): \(check.output)\(check.errorOutput)")
    }

    let rules = PrometheusTools.deployDirectory.appendingPathComponent("prometheus/switchyard-alerts.yml").path
    let prometheus = try LocalPrometheus(targets: ["127.0.0.1:\(port)", "127.0.0.1:\(workerPort)"], rules: [rules])
    defer { prometheus.stop() }
    try await prometheus.waitUntilReady()
    try await prometheus.waitForTargets(2)

    let load = try await switchyard(
      "load", "--run-dir", coordinator.runDirectory, "--scenario", "demo", "--users", "4", "--duration", "3", "--json", within: 60
    )
    #expect(load.status == 0, "\(load.errorOutput)")
    let report = try JSONSerialization.jsonObject(with: Data(load.output.utf8)) as? [String: Any]
    #expect(report?["lostEffects"] as? Int == 0)

    // The counters stop moving once the load is over; Prometheus must come to hold status's numbers.
    var (first, last) = ("", "")
    let deadline = ContinuousClock.now + .seconds(30)
    while true {
      let status = try await statusCounts(coordinator)
      let stored = try await storedCounts(prometheus)
      if stored == status, (status.completed.values.reduce(0, +)) > 0 { break }
      last = "status \(status), prometheus \(stored)"
      if first.isEmpty { first = last }
      guard ContinuousClock.now < deadline else {
        // Whether Prometheus still scraped, and how long the scrapes took: a machine loaded past its
        // scrape timeout (its interval, 1 s) would leave the stored counters behind.
        let up = (try? await prometheus.query("up")).map { $0.map { "\($0.labels["instance"] ?? "?")=\($0.value)" } } ?? []
        let took = (try? await prometheus.query("scrape_duration_seconds")).map { $0.map(\.value) } ?? []
        Issue.record("Prometheus never agreed with status: first \(first); last \(last); up \(up), last scrapes took \(took) s")
        return
      }
      try await Task.sleep(for: .milliseconds(250))
    }
    #expect(try await prometheus.query("up{job=\"switchyard\"}").map(\.value) == [1, 1], "the coordinator and the worker are up")
    #expect(try await prometheus.query("switchyard_remote_worker_claim_idle_seconds{pool=\"search\"}").first?.value == 30)
    #expect(Set(try await prometheus.alertNames()).isSuperset(of: ["SwitchyardPoolFailed", "SwitchyardEffectsLost"]))
    #expect(try await prometheus.query("ALERTS{alertname=\"SwitchyardEffectsLost\"}").isEmpty, "no effect is lost")
    #expect(try await prometheus.query("sum by (name) (switchyard_ha_leader)").map(\.value) == [1], "one leader")

    let served = metricNames(in: try await scrape(port)).union(metricNames(in: try await scrape(workerPort)))
    for expression in try dashboardExpressions() {
      let error = try await prometheus.queryError(expression)
      #expect(error == nil, "the dashboard's \(expression) does not parse: \(error ?? "")")
      let unknown = referencedMetrics(in: expression).subtracting(served)
      #expect(unknown.isEmpty, "the dashboard's \(expression) names \(unknown.sorted()), which /metrics does not serve")
    }
    // The guide's table names every metric family served, and only those.
    let families = try await familyNames(in: scrape(port)).union(familyNames(in: scrape(workerPort)))
    let documented = try documentedMetrics()
    #expect(families.subtracting(documented).isEmpty, "served but not in Observability.md: \(families.subtracting(documented).sorted())")
    #expect(documented.subtracting(families).isEmpty, "in Observability.md but not served: \(documented.subtracting(families).sorted())")
    #expect(await coordinator.terminate() == 0)
  }

  /// The families an exposition declares with `# TYPE`.
  func familyNames(in exposition: String) -> Set<String> {
    Set(exposition.split(separator: "\n").filter { $0.hasPrefix("# TYPE ") }.compactMap { $0.split(separator: " ").dropFirst(2).first.map(String.init) })
  }

  /// The metric names of the table in the Observability guide: the first cell of each row.
  func documentedMetrics() throws -> Set<String> {
    let article = PrometheusTools.deployDirectory.deletingLastPathComponent()
      .appendingPathComponent("Sources/SwitchyardApplication/Documentation.docc/Articles/Observability.md")
    let rows = try String(contentsOf: article, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("| `") }
    return Set(rows.compactMap { $0.dropFirst(3).split(separator: "`").first.map(String.init) })
  }

  /// Completed effects by pool and actions reduced.
  struct Counts: Equatable, CustomStringConvertible {
    var completed: [String: Double]
    var actions: Double
    var description: String { "completed \(completed.sorted { $0.key < $1.key }), actions \(actions)" }
  }

  func statusCounts(_ coordinator: CoordinatorChild) async throws -> Counts {
    let result = try await switchyard("status", "--json", "--run-dir", coordinator.runDirectory)
    let status = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any] ?? [:]
    let pools = status["pools"] as? [[String: Any]] ?? []
    let completed = Dictionary(uniqueKeysWithValues: pools.map { ($0["kind"] as? String ?? "?", ($0["completed"] as? Double) ?? 0) })
    let actions = ((status["coordinator"] as? [String: Any])?["actionsTotal"] as? Double) ?? -1
    return Counts(completed: completed, actions: actions)
  }

  func storedCounts(_ prometheus: LocalPrometheus) async throws -> Counts {
    let completed = try await prometheus.query("switchyard_effects_completed_total")
    let actions = try await prometheus.query("sum(switchyard_actions_total)")
    return Counts(
      completed: Dictionary(uniqueKeysWithValues: completed.map { ($0.labels["pool"] ?? "?", $0.value) }),
      actions: actions.first?.value ?? -1
    )
  }

  func scrape(_ port: UInt16) async throws -> String {
    let response = try await HTTPClient().get(URL(string: "http://127.0.0.1:\(port)/metrics")!)
    #expect(response.status == 200)
    #expect(response.headers["Content-Type"] == "text/plain; version=0.0.4; charset=utf-8")
    return String(decoding: response.body, as: UTF8.self)
  }

  /// Every metric name in an exposition, histograms' series included.
  func metricNames(in exposition: String) -> Set<String> {
    Set(exposition.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
      String(line.prefix { $0 != "{" && $0 != " " })
    })
  }

  /// The metric names an expression refers to: Switchyard's and the process basics.
  func referencedMetrics(in expression: String) -> Set<String> {
    let pattern = try! NSRegularExpression(pattern: "\\b(?:switchyard|process)_[a-z_]+")
    let range = NSRange(expression.startIndex..., in: expression)
    return Set(pattern.matches(in: expression, range: range).compactMap { Range($0.range, in: expression).map { String(expression[$0]) } })
  }

  /// Every PromQL expression of the dashboard's panels, with Grafana's variables given values.
  func dashboardExpressions() throws -> [String] {
    let file = PrometheusTools.deployDirectory.appendingPathComponent("grafana/switchyard-dashboard.json")
    let dashboard = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] ?? [:]
    let panels = dashboard["panels"] as? [[String: Any]] ?? []
    let expressions = panels.flatMap { ($0["targets"] as? [[String: Any]]) ?? [] }.compactMap { $0["expr"] as? String }
    #expect(expressions.count >= 20, "the dashboard has its panels")
    return expressions.map {
      $0.replacingOccurrences(of: "$__rate_interval", with: "1m")
        .replacingOccurrences(of: "$instance", with: ".*")
        .replacingOccurrences(of: "$pool", with: ".*")
    }
  }
}
