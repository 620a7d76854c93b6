import SwitchyardTestSupport
import Testing
import SwitchyardWire
@testable import SwitchyardRuntime

/// What one client's subscriptions may cost: a number of them, one per path, and their latest
/// unwritten values within the client's reply limit; all of it ends with the connection.
@MainActor
@Suite(.serialized, ProcessOfItsOwn.only("ControlSocketSubscriptionLimitTests"))
struct ControlSocketSubscriptionLimitTests {
  @Test func subscriptionsPastTheCapOrToAPathHeldAlreadyAreRefused() async throws {
    #expect(ControlSocketLimits().maxSubscriptionsPerClient == 64)
    let harness = try TestControlService(limits: ControlSocketLimits(maxSubscriptionsPerClient: 3))
    defer { harness.stop() }
    harness.state = ["a": 1, "b": 2, "c": 3, "d": 4]
    try await withTimeout(120) {
      try await offMainActor { [path = harness.path] in
        let client = try ControlClient(socketPath: path)
        for (id, key) in zip(1..., ["a", "b", "c"]) {
          let reply = try client.request(.subscribe(id: UInt64(id), path: key), timeout: .seconds(60))
          guard case .stateChanged(UInt64(id), key, _) = reply else { throw TimedOut(what: "subscription \(id)") }
        }
        guard case let .error(4, ControlErrorCode.tooManySubscriptions, message) = try client.request(.subscribe(id: 4, path: "d"), timeout: .seconds(60)) else {
          throw TimedOut(what: "a tooManySubscriptions error")
        }
        #expect(message.contains("holds 3 subscriptions"))
        guard case let .error(5, ControlErrorCode.alreadySubscribed, twice) = try client.request(.subscribe(id: 5, path: "a"), timeout: .seconds(60)) else {
          throw TimedOut(what: "an alreadySubscribed error")
        }
        #expect(twice.contains("as subscription 1"))
        #expect(try client.request(.unsubscribe(id: 1), timeout: .seconds(60)) == .unsubscribed(id: 1))
        #expect(try client.request(.subscribe(id: 6, path: "d"), timeout: .seconds(60)) == .stateChanged(id: 6, path: "d", value: 4))
      }
    }
  }

  @Test func latestValuesAClientLeavesUnreadCountAgainstItsReplyLimitAndGoWithIt() async throws {
    let limits = ControlSocketLimits(maxOutboundBytesPerClient: 256 << 10)
    let harness = try TestControlService(limits: limits)
    defer { harness.stop() }
    let keys = (0..<64).map { "k\($0)" }
    harness.state = .object(Dictionary(uniqueKeysWithValues: keys.map { ($0, .string(String(repeating: "x", count: 32 << 10))) }))
    try await withTimeout(120) {
      let client = try RawSocket(path: harness.path)
      var requests: [UInt8] = []
      for (id, key) in zip(1..., keys) { ControlMessage.subscribe(id: UInt64(id), path: key).appendFrame(to: &requests) }
      #expect(client.writeAll(requests) == requests.count)
      // 2 MiB of values to a client that reads none: more than its socket and its 256 KiB take.
      try await eventually("the subscriber to be dropped for leaving replies unread") {
        harness.log.lines.contains { $0.contains("went unread") }
      }
      try await eventually("the dropped client's subscriptions to end") { !harness.service.hasSubscribers && harness.service.clientCount == 0 }
      _ = client
    }
  }
}
