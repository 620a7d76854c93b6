import Foundation
import SwitchyardNet
import SwitchyardRuntime
import SwitchyardTestSupport
import SwitchyardWire
import Testing

/// `start --ha --http` on a standby: the inspector's page over its copy, read-only, showing the
/// actions it copies from the leader as they arrive and the state and history its copy holds.
@Suite(.serialized, .onAThreadOfItsOwn, .timeLimit(.minutes(2)), TestPeer.redisServer.trait) struct StandbyInspectorTests {
  @Test func aStandbysInspectorShowsItsCopyAndTheActionsItCopiesAsTheyArrive() async throws {
    let cluster = try HighAvailabilityCluster()
    defer { cluster.cleanUp() }
    let first = try cluster.start()
    try await eventually("the first coordinator leading", within: 30) { isServing(first.runDirectory) }
    let leader = try ControlClient(socketPath: first.socketPath)
    guard case .sent = try leader.request(.send(id: 1, action: HighAvailabilityCluster.start("before-the-standby"))) else {
      Issue.record("the leader refused the first send")
      return
    }
    let second = try cluster.start(arguments: ["--http", "127.0.0.1:0"])
    let port = try await announcedPort(after: "inspector serving http://127.0.0.1:") { second.log }
    try await eventually("the standby's copy holding the first send", within: 30) {
      (try? runNames(second.runDirectory))?.contains("before-the-standby") == true
    }

    let page = try await InspectorPageSocket(port: port)
    let status = try await page.next(containing: #""type":"status""#)
    #expect(status.contains(#""role":"standby""#) && status.contains("/\(first.process.pid) "), "\(status)")

    // Sent to the leader, copied by the standby, shown on its page.
    guard case .sent = try leader.request(.send(id: 2, action: HighAvailabilityCluster.start("copied-while-watched"))) else {
      Issue.record("the leader refused the second send")
      return
    }
    let copied = try await page.next(containing: "copied-while-watched")
    #expect(copied.contains(#""type":"actions""#), "\(copied)")
    try await page.send(#"{"id":1,"type":"state"}"#)
    let state = try await page.next(containing: #""id":1"#)
    #expect(state.contains("before-the-standby") && state.contains("copied-while-watched"), "\(state)")
    try await page.send(#"{"id":2,"type":"history"}"#)
    #expect(try await page.next(containing: #""id":2"#).contains(#""type":"history""#))
    // A past state from the standby's copy of the journal: before the second send.
    try await page.send(#"{"id":3,"type":"state","sequence":1}"#)
    let past = try await page.next(containing: #""id":3"#)
    #expect(past.contains("before-the-standby") && !past.contains("copied-while-watched"), "\(past)")
    await page.close()
    let exit = await second.terminate()
    #expect(exit == 0, "exit \(exit): \(second.log)")
  }
}
