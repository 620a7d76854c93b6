import Foundation
import SwitchyardTestSupport
import SwitchyardWire
import Testing
@testable import SwitchyardRuntime

/// What one control client can do to the others, against `switchyard start` as a real process:
/// fill every connection without a word, or pipeline thousands of requests.
@Suite(.serialized, .onAThreadOfItsOwn)
struct ControlSocketFairnessTests {
  private static let start: JSONValue = .object([
    "start": .object(["name": "a", "job": .object(["tag": "t", "outputs": 1]), "cancelInFlight": false])
  ])

  @Test func silentClientsAtTheCapMakeRoomForAnOperatorAndAreClosedAtTheHandshakeDeadline() async throws {
    let coordinator = try CoordinatorProcess(pools: "probe=1")
    defer { coordinator.cleanUp() }
    try await withTimeout(120) {
      // Once the coordinator answers; this client leaves before the others come.
      _ = try await coordinator.connect().status()
      let silent = try (0..<ControlSocketLimits().maxConnections).map { _ in try RawSocket(path: coordinator.socketPath) }
      // Every connection is taken: the oldest that never spoke makes room for the operator.
      let operatorClient = try await coordinator.connect()
      #expect(try operatorClient.status().coordinator.pid == coordinator.process.pid)
      #expect(try operatorClient.request(.send(id: 2, action: Self.start)) == .sent(id: 2, sequence: 1))
      #expect(String(decoding: silent[0].readAll(within: .seconds(30)), as: UTF8.self).contains(#""code":"evicted""#))

      // The others are closed once the handshake timeout (5 s) passes without a frame.
      let farewell = String(decoding: try #require(silent.last).readAll(within: .seconds(20)), as: UTF8.self)
      #expect(farewell.contains(#""code":"handshakeTimeout""#))
      // The operator spoke, so it stays.
      #expect(try operatorClient.status().coordinator.pid == coordinator.process.pid)
      #expect(await coordinator.terminate() == 0)
    }
  }

  @Test func aPipelinedBurstDelaysAnotherClientsSendByOneTurnNotByTheBurst() async throws {
    let coordinator = try CoordinatorProcess(pools: "probe=1")
    defer { coordinator.cleanUp() }
    try await withTimeout(120) {
      let other = try await coordinator.connect()
      let baseline = try other.status().coordinator.actionsTotal
      let burst = try RawSocket(path: coordinator.socketPath)
      var requests: [UInt8] = []
      for id in 1...3_000 { ControlMessage.status(id: UInt64(id)).appendFrame(to: &requests) }
      #expect(burst.writeAll(requests) == requests.count)
      #expect(try other.request(.send(id: 9_999, action: Self.start), timeout: .seconds(30)) == .sent(id: 9_999, sequence: 1))

      // A status report handled before the action counts `baseline` actions; every later one more.
      let replies = burst.readFrames(3_000, within: .seconds(60))
      #expect(replies.count == 3_000)
      let handledFirst = try replies.count { payload in
        guard case let .statusReport(_, report) = try ControlMessage(payload: payload[...]) else { return false }
        return report.coordinator.actionsTotal == baseline
      }
      // One turn is 16 requests; the burst as one read was over 2,000 of them ahead of the send.
      #expect(handledFirst < 300, "\(handledFirst) of the burst's requests were handled before the other client's send")
      #expect(await coordinator.terminate() == 0)
    }
  }
}
