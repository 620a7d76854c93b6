import Foundation
import SwitchyardNet
import SwitchyardRuntime
import SwitchyardTestSupport
import SwitchyardWire
import Synchronization
import Testing
@testable import SwitchyardInspector

/// A standby's inspector: the page over its copy, read-only, with every path but the page's
/// WebSocket answering 503 and `Retry-After`, so that a load balancer sends users to the leader.
@Suite struct ReplicaInspectorTests {
  /// What the standby stub reports: its copy's state after record `sequence`, and the leader.
  final class Copy: Sendable {
    let sequence = Atomic<UInt64>(7)
    let leader = "host-a/12 /run/a"
  }

  @MainActor
  func serve(_ copy: Copy, token: String? = "t0k") throws -> ReplicaInspector {
    var configuration = InspectorConfiguration()
    configuration.token = token
    configuration.actionFlushInterval = .milliseconds(10)
    configuration.statusInterval = .milliseconds(50)
    return try ReplicaInspector.serve(
      configuration: configuration,
      status: {
        StatusReport(
          coordinator: CoordinatorStatus(pid: 1, version: "test", runDir: "/tmp", uptimeSeconds: 1, stateBytes: 2, actionsTotal: 0, actionsPerSecond: 0),
          pools: [], workers: [],
          highAvailability: HighAvailabilityReport(
            role: .standby, epoch: 3, leader: copy.leader, appliedSequence: copy.sequence.load(ordering: .relaxed), lag: 0))
      },
      state: {
        let sequence = copy.sequence.load(ordering: .relaxed)
        return (sequence, Array(#"{"count":\#(sequence)}"#.utf8))
      },
      history: RangeHistory(range: 1...7),
      refusal: { NotLeader(leader: copy.leader) }
    )
  }

  @Test func servesThePageWith503AndEveryOtherPathTooButTheSocket() async throws {
    let inspector = try await serve(Copy())
    let client = HTTPClient()
    func get(_ path: String) async throws -> HTTPClientResponse {
      try await client.get(URL(string: "http://127.0.0.1:\(inspector.port)\(path)")!)
    }
    #expect(inspector.url == "http://127.0.0.1:\(inspector.port)/?token=t0k")
    let page = try await get("/?token=t0k")
    #expect(page.status == 503 && page.headers["Retry-After"] == "2" && page.headers["Content-Type"] == "text/html; charset=utf-8")
    let html = String(decoding: page.body, as: UTF8.self)
    #expect(html.contains("<title>Switchyard inspector</title>") && html.contains(#"<p id="standby" class="standby" hidden>"#))
    let effects = try await get("/effects?token=t0k")
    #expect(effects.status == 503 && effects.headers["Retry-After"] == "2")
    #expect(try await get("/").status == 401)
    #expect(try await get("/socket").status == 401)
    await inspector.stop()
  }

  @Test func aPageReadsTheCopyAndItsHistoryIsRefusedSendsAndSeesCopiedActions() async throws {
    let copy = Copy()
    let inspector = try await serve(copy, token: nil)
    let page = try await InspectorPageSocket(port: inspector.port)
    let status = try await page.next(containing: #""type":"status""#)
    #expect(status.contains(#""role":"standby""#) && status.contains(#""appliedSequence":7"#), "\(status)")

    try await page.send(#"{"id":1,"type":"state"}"#)
    let state = try await page.next(containing: #""id":1"#)
    #expect(state.contains(#""sequence":7"#) && state.contains(#""count":7"#), "\(state)")
    try await page.send(#"{"id":2,"type":"history"}"#)
    let history = try await page.next(containing: #""id":2"#)
    #expect(history.contains(#""oldest":1"#) && history.contains(#""latest":7"#), "\(history)")
    try await page.send(#"{"id":3,"type":"send","text":"{\"tick\":{}}"}"#)
    let refused = try await page.next(containing: #""id":3"#)
    #expect(refused.contains(#""type":"error""#) && refused.contains("host-a/12 /run/a"), "\(refused)")
    try await page.send(#"{"id":4,"type":"scale","pool":"probe","size":2}"#)
    #expect(try await page.next(containing: #""id":4"#).contains(#""type":"error""#))

    try await eventually("the page counted as watching") { inspector.isWatched }
    copy.sequence.store(8, ordering: .relaxed)
    inspector.show([ActionEntry(sequence: 8, action: ["tick": [:]])])
    let actions = try await page.next(containing: #""type":"actions""#)
    #expect(actions.contains(#""sequence":8"#) && actions.contains(#""tick""#), "\(actions)")
    #expect(try await page.next(containing: #""type":"status""#).contains(#""appliedSequence":8"#))

    // Stopping, as the standby does once it leads, closes the page, which then connects again.
    await inspector.stop()
    try await page.readToClose()
    #expect(!inspector.isWatched)
  }

  /// In a process of its own: the stub's endpoints run on the main actor, which in a full run every
  /// in-process store shares, and the page's answers waited past the script's patience for it.
  @Test(TestPeer.chromium.trait, .timeLimit(.minutes(5)))
  func aPersonSeesTheStandbysBannerAndNoSendBox() async throws {
    try await TestPeer.chromium.require()
    try await TestPeer.pythonWebsockets.require()
    try await ProcessOfItsOwn.expectPasses("aPersonSeesTheStandbysBannerAndNoSendBoxAlone", within: 240)
  }

  @Test(ProcessOfItsOwn.only("aPersonSeesTheStandbysBannerAndNoSendBoxAlone"))
  func aPersonSeesTheStandbysBannerAndNoSendBoxAlone() async throws {
    let inspector = try await serve(Copy(), token: nil)
    let screenshots = Screenshots()
    let result = try await PeerScript.run(
      "inspector_browser.py", [inspector.url, screenshots.path, "standby", "host-a/12 /run/a"], within: .seconds(120))
    #expect(result.status == 0, "\(result.output)")
    for step in ["s1-standby", "s2-refused"] {
      #expect(screenshots.contains(step), "no screenshot of \(step)")
    }
    screenshots.passed = result.status == 0
    await inspector.stop()
  }
}
