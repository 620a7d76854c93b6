import Foundation
import SwitchyardNet
import SwitchyardTestSupport
import Testing

/// `start --metrics`: loopback unless a token is given, the token required on every scrape, the
/// format chosen by `Accept`, and nothing but `/metrics` served.
@Suite struct MetricsEndpointTests {
  // A start refused for its flags never makes its run directory, so the tests name one not made.
  @Test func anAddressBeyondLoopbackNeedsAToken() async throws {
    let result = try await switchyard("start", "--metrics", "0.0.0.0:9464", "--run-dir", uniqueTemporaryPath("refused"))
    #expect(result.status == 2, "a usage error")
    #expect(result.errorOutput.contains("add --metrics-token"), "\(result.errorOutput)")
    let bad = try await switchyard("start", "--metrics", "localhost", "--run-dir", uniqueTemporaryPath("refused"))
    #expect(bad.status == 2 && bad.errorOutput.contains("HOST:PORT with an IP address"), "\(bad.errorOutput)")
  }

  @Test func aPipeWorkerServesNoMetricsAndLogFlagsAreChecked() async throws {
    let worker = try await switchyard("worker", "probe", "--metrics", "127.0.0.1:9464")
    #expect(worker.status == 2 && worker.errorOutput.contains("it needs --broker"), "\(worker.errorOutput)")
    let format = try await switchyard("start", "--log-format", "yaml", "--run-dir", uniqueTemporaryPath("refused"))
    #expect(format.status == 2 && format.errorOutput.contains("text or json"), "\(format.errorOutput)")
  }

  @Test(.timeLimit(.minutes(3))) func aTokenIsRequiredAndAcceptChoosesTheFormat() async throws {
    let coordinator = try CoordinatorChild(arguments: ["--pools", "probe=1", "--metrics", "127.0.0.1:0", "--metrics-token", "s3cret"])
    defer { coordinator.cleanUp() }
    _ = try await coordinator.connect()
    let port = try await announcedPort(after: "metrics at http://127.0.0.1:") { coordinator.log }
    let client = HTTPClient()
    let url = URL(string: "http://127.0.0.1:\(port)/metrics")!
    #expect(try await client.get(url).status == 401)
    #expect(try await client.get(url, headers: ["Authorization": "Bearer wrong"]).status == 401)
    let text = try await client.get(url, headers: ["Authorization": "Bearer s3cret"])
    #expect(text.status == 200)
    #expect(String(decoding: text.body, as: UTF8.self).contains("switchyard_effects_started_total{pool=\"probe\"} 0\n"))
    let openMetrics = try await client.get(
      url, headers: ["Authorization": "Bearer s3cret", "Accept": "application/openmetrics-text;version=1.0.0,text/plain;q=0.5"]
    )
    #expect(openMetrics.headers["Content-Type"] == "application/openmetrics-text; version=1.0.0; charset=utf-8")
    #expect(String(decoding: openMetrics.body, as: UTF8.self).hasSuffix("# EOF\n"))
    #expect(try await client.get(URL(string: "http://127.0.0.1:\(port)/?token=s3cret")!).status == 404)
    #expect(await coordinator.terminate() == 0)
  }
}
