import Foundation
import SwitchyardNet
import SwitchyardTestSupport
import SwitchyardWire
import Synchronization
import Testing
@testable import SwitchyardInspector

/// The page a standby serves where its inspector will be: 503 on every path with `Retry-After`,
/// the leader named (as text, whatever its lease holds), the token asked for as the inspector asks.
@Suite struct StandbyPageTests {
  @Test func namesTheLeaderOnEveryPathAndAsksForTheToken() async throws {
    let report = Mutex(HighAvailabilityReport(role: .standby, epoch: 0, leader: nil, appliedSequence: 0, lag: 0))
    var configuration = InspectorConfiguration()
    configuration.token = "t0k"
    let page = try StandbyPage.serve(configuration: configuration) { report.withLock { $0 } }
    let client = HTTPClient()
    func get(_ path: String) async throws -> (Int, String, HTTPHeaders) {
      let response = try await client.get(URL(string: "http://127.0.0.1:\(page.port)\(path)")!)
      return (response.status, String(decoding: response.body, as: UTF8.self), response.headers)
    }
    #expect(page.url == "http://127.0.0.1:\(page.port)/?token=t0k")
    let (status, body, headers) = try await get("/?token=t0k")
    #expect(status == 503 && headers["Retry-After"] == "2" && headers["Content-Type"] == "text/html; charset=utf-8")
    #expect(body.contains("No coordinator leads yet.") && body.contains(#"<meta http-equiv="refresh" content="2">"#))

    report.withLock {
      $0.leader = "host<b>/12 /run/&x"
      $0.leaderControlAddress = "tcp://10.0.0.11:7401"
      $0.epoch = 3
      $0.appliedSequence = 42
    }
    let named = try await get("/?token=t0k").1
    #expect(named.contains("The leader is host&lt;b&gt;/12 /run/&amp;x, reached at tcp://10.0.0.11:7401."), "\(named)")
    #expect(named.contains("through record 42, 0 behind, lease epoch 3."))
    report.withLock { $0.redisUnreachable = "connection refused" }
    #expect(try await get("/?token=t0k").1.contains("It cannot reach Redis (connection refused), so it can neither copy nor take over."))
    let socket = try await get("/socket?token=t0k")
    #expect(socket.0 == 503 && socket.1.contains("its inspector opens once it leads") && socket.2["Retry-After"] == "2")
    #expect(try await get("/").0 == 401)
    #expect(try await get("/effects").0 == 401)
    await page.stop()
  }
}
