import Foundation
import SwitchyardNet
import SwitchyardTestSupport

/// A real `prometheus` on 127.0.0.1 for one test: its own configuration and data directory,
/// scraping `targets` every second and loading `rules`; ``stop()`` kills it and removes both.
final class LocalPrometheus: Sendable {
  let port: UInt16
  private let directory: String
  private let process: TestProcess
  private let client = HTTPClient()

  init(targets: [String], rules: [String] = []) throws {
    let executable = try PrometheusTools.require("prometheus")
    directory = uniqueTemporaryPath("prometheus")
    try FileManager.default.createDirectory(atPath: directory + "/data", withIntermediateDirectories: true)
    let configuration = """
      global:
        scrape_interval: 1s
        evaluation_interval: 1s
      rule_files: [\(rules.map { "\"\($0)\"" }.joined(separator: ", "))]
      scrape_configs:
        - job_name: switchyard
          static_configs:
            - targets: [\(targets.map { "\"\($0)\"" }.joined(separator: ", "))]
      """
    try configuration.write(toFile: directory + "/prometheus.yml", atomically: true, encoding: .utf8)
    // A free port is one bound and let go; Prometheus binds it a moment later.
    port = try freePort()
    process = try TestProcess(
      [
        "--config.file=\(directory)/prometheus.yml", "--storage.tsdb.path=\(directory)/data",
        "--web.listen-address=127.0.0.1:\(port)", "--log.level=warn",
      ],
      executable: executable
    )
  }

  /// What `/api/v1/query` answers for `expression` now: each sample's labels and value.
  func query(_ expression: String) async throws -> [(labels: [String: String], value: Double)] {
    let result = try await api("query", ["query": expression])
    guard let samples = (result["data"] as? [String: Any])?["result"] as? [[String: Any]] else { return [] }
    return samples.map { sample in
      let value = (sample["value"] as? [Any])?.last as? String
      return ((sample["metric"] as? [String: String]) ?? [:], value.flatMap(Double.init) ?? .nan)
    }
  }

  /// The error Prometheus gives for `expression`, or `nil` when it parses and evaluates.
  func queryError(_ expression: String) async throws -> String? {
    let result = try await api("query", ["query": expression])
    return result["status"] as? String == "success" ? nil : "\(result["error"] ?? result)"
  }

  /// The names of the alerting rules Prometheus loaded.
  func alertNames() async throws -> [String] {
    let result = try await api("rules", [:])
    let groups = ((result["data"] as? [String: Any])?["groups"] as? [[String: Any]]) ?? []
    return groups.flatMap { ($0["rules"] as? [[String: Any]]) ?? [] }.compactMap { $0["name"] as? String }
  }

  /// Waits until Prometheus answers queries.
  func waitUntilReady(within seconds: Double = 30) async throws {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while (try? await api("query", ["query": "1"]))?["status"] as? String != "success" {
      guard ContinuousClock.now < deadline, process.isRunning else {
        throw TimedOut(what: "prometheus to answer queries; its log:\n\(process.errorOutput)")
      }
      try await Task.sleep(for: .milliseconds(100))
    }
  }

  /// Waits until every target has been scraped and is up.
  func waitForTargets(_ count: Int, within seconds: Double = 30) async throws {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while try await query("up == 1").count < count {
      guard ContinuousClock.now < deadline, process.isRunning else {
        throw TimedOut(what: "\(count) targets to be up: \(try await query("up")); prometheus' log:\n\(process.errorOutput)")
      }
      try await Task.sleep(for: .milliseconds(100))
    }
  }

  func stop() {
    process.stop()
    try? FileManager.default.removeItem(atPath: directory)
  }

  private func api(_ endpoint: String, _ parameters: [String: String]) async throws -> [String: Any] {
    var components = URLComponents(string: "http://127.0.0.1:\(port)/api/v1/\(endpoint)")!
    components.queryItems = parameters.map { URLQueryItem(name: $0.key, value: $0.value) }
    // `+` in a query is a space to Prometheus' form parser.
    components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
    let response = try await client.get(components.url!)
    return (try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]) ?? [:]
  }
}
