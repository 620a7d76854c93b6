import Foundation
import SwitchyardNet
import SwitchyardRedis
import SwitchyardTestSupport
import Testing

/// `start --ha --metrics --http`: a standby serves `/metrics` too, saying it stands by and how far
/// behind it is, and goes on serving on the same port once it has taken over, now as the leader
/// with the coordinator's metrics and one leader change counted; where its inspector will be, it
/// serves the inspector read-only over its copy (503 but for the page's socket), naming the
/// leader, which the coordinator's inspector replaces on the same port.
@Suite(.serialized, .timeLimit(.minutes(2)), TestPeer.redisServer.trait) struct HighAvailabilityMetricsTests {
  @Test func aStandbyServesItsMetricsAndItsPageAndKeepsBothPortsWhenItTakesOver() async throws {
    let redis = try LocalRedisServer(appendOnly: true)
    defer { redis.stop() }
    let url = "redis://127.0.0.1:\(redis.port)/0"
    let name = "hametrics\(getpid())"
    func start() throws -> CoordinatorChild {
      try CoordinatorChild(arguments: [
        "--ha", url, "--name", name, "--ha-lease-ms", "1500", "--pools", "probe=1", "--metrics", "127.0.0.1:0",
        "--http", "127.0.0.1:0", "--http-token", "insp3ct",
      ])
    }
    let first = try start()
    defer { first.cleanUp() }
    try await eventually("the first coordinator leading") { first.log.contains("leads with epoch 1") }
    let firstPort = try await announcedPort(after: "metrics at http://127.0.0.1:") { first.log }
    let second = try start()
    defer { second.cleanUp() }
    let port = try await announcedPort(after: "metrics at http://127.0.0.1:") { second.log }
    try await scrapeUntil("the standby seeing the leader's epoch") { try await value("switchyard_ha_epoch", port: port, name: name) == 1 }

    let leading = try await scrape(firstPort)
    #expect(sample("switchyard_ha_leader", in: leading, name: name) == 1)
    #expect(sample("switchyard_ha_lag_records", in: leading, name: name) == 0)
    #expect(leading.contains("switchyard_journal_appends_total "), "the leader records the coordinator's metrics in the same registry")
    let standing = try await scrape(port)
    #expect(sample("switchyard_ha_leader", in: standing, name: name) == 0)
    #expect(sample("switchyard_ha_leader_changes_total", in: standing, name: name) == 0)
    #expect(standing.contains("switchyard_build_info{"), "\(standing)")
    #expect(!standing.contains("switchyard_journal_appends_total"), "a standby journals nothing of its own")
    let check = try await PrometheusTools.checkMetrics(standing)
    #expect(check.status == 0, "promtool check metrics on the standby: \(check.output)\(check.errorOutput)")

    // The standby's inspector: the page with 503, its socket serving the copy read-only and
    // naming the leader; without the token it is refused, as the leader's inspector is.
    let pagePort = try await announcedPort(after: "inspector serving http://127.0.0.1:") { second.log }
    let client = HTTPClient()
    let page = try await client.get(URL(string: "http://127.0.0.1:\(pagePort)/?token=insp3ct")!)
    let text = String(decoding: page.body, as: UTF8.self)
    #expect(page.status == 503 && page.headers["Retry-After"] == "2")
    #expect(text.contains("<title>Switchyard inspector</title>"), "\(text)")
    #expect(try await client.get(URL(string: "http://127.0.0.1:\(pagePort)/")!).status == 401)
    let socket = try await InspectorPageSocket(port: pagePort, token: "insp3ct")
    let status = try await socket.next(containing: #""type":"status""#)
    #expect(status.contains(#""role":"standby""#) && status.contains("/\(first.process.pid) "), "\(status)")
    try await socket.send(#"{"id":1,"type":"send","text":"{\"cancel\":{\"name\":\"x\"}}"}"#)
    let refused = try await socket.next(containing: #""id":1"#)
    #expect(refused.contains(#""type":"error""#) && refused.contains("/\(first.process.pid) "), "\(refused)")
    await socket.close()

    first.crash()
    try await scrapeUntil("the standby leading, on the same port") { try await value("switchyard_ha_leader", port: port, name: name) == 1 }
    let led = try await scrape(port)
    #expect(sample("switchyard_ha_epoch", in: led, name: name) == 2)
    #expect(sample("switchyard_ha_leader_changes_total", in: led, name: name) == 1)
    try await scrapeUntil("the new leader's coordinator metrics") { try await scrape(port).contains("switchyard_journal_appends_total ") }
    // Its inspector serves where its page was.
    try await scrapeUntil("the inspector on the page's port") {
      let answer = try? await client.get(URL(string: "http://127.0.0.1:\(pagePort)/?token=insp3ct")!)
      return answer?.status == 200 && String(decoding: answer?.body ?? [], as: UTF8.self).contains("<html")
    }
    #expect(await second.terminate() == 0)
  }

  /// Scrapes until `condition` holds, every 50 ms for at most 30 s.
  func scrapeUntil(_ what: String, _ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(30)
    while try await !condition() {
      guard ContinuousClock.now < deadline else { throw TimedOut(what: what) }
      try await Task.sleep(for: .milliseconds(50))
    }
  }

  func scrape(_ port: UInt16) async throws -> String {
    let response = try await HTTPClient().get(URL(string: "http://127.0.0.1:\(port)/metrics")!)
    #expect(response.status == 200)
    return String(decoding: response.body, as: UTF8.self)
  }

  /// The value of `metric`, labelled with the coordinators' `name`, in what `port` serves.
  func value(_ metric: String, port: UInt16, name: String) async throws -> Double? {
    sample(metric, in: try await scrape(port), name: name)
  }

  /// The value of `metric{name="…"}` in `exposition`.
  func sample(_ metric: String, in exposition: String, name: String) -> Double? {
    let prefix = "\(metric){name=\"\(name)\"} "
    return exposition.split(separator: "\n").first { $0.hasPrefix(prefix) }.flatMap { Double($0.dropFirst(prefix.count)) }
  }
}
