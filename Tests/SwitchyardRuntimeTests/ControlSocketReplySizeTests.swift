import SwitchyardTestSupport
import Testing
import SwitchyardWire
@testable import SwitchyardRuntime

/// A reply larger than the client may be sent at once is refused with a `tooLarge` error naming
/// the size and the limit, before any of it is written, and the connection stays open.
@MainActor
@Suite(.serialized, ProcessOfItsOwn.only("ControlSocketReplySizeTests"))
struct ControlSocketReplySizeTests {
  @Test func aSliceOverTheReplyLimitIsATooLargeErrorAndTheConnectionServesOn() async throws {
    let harness = try TestControlService(limits: ControlSocketLimits(maxOutboundBytesPerClient: 64 << 10))
    defer { harness.stop() }
    harness.state = ["big": .string(String(repeating: "x", count: 100 << 10)), "small": 1]
    try await withTimeout(120) {
      try await offMainActor { [path = harness.path] in
        let client = try ControlClient(socketPath: path)
        guard case let .error(1, ControlErrorCode.tooLarge, message) = try client.request(.state(id: 1, path: "big"), timeout: .seconds(60)) else {
          throw TimedOut(what: "a tooLarge error")
        }
        #expect(message.contains("'big' is 1024"))
        #expect(message.contains("\(64 << 10) bytes"))
        #expect(message.contains("narrower path"))
        #expect(try client.request(.state(id: 2, path: "small"), timeout: .seconds(60)) == .stateSlice(id: 2, path: "small", value: 1))
        guard case let .error(3, ControlErrorCode.tooLarge, ended) = try client.request(.subscribe(id: 3, path: "big"), timeout: .seconds(60)) else {
          throw TimedOut(what: "a tooLarge error for the subscription")
        }
        #expect(ended.contains("subscription 3 has ended"))
      }
      #expect(!harness.service.hasSubscribers)
    }
  }

  @Test func noFrameIsSentOverTheProtocolsFrameLimitWhateverTheReplyLimit() async throws {
    let harness = try TestControlService(limits: ControlSocketLimits(maxOutboundBytesPerClient: 64 << 20))
    defer { harness.stop() }
    harness.state = ["big": .string(String(repeating: "x", count: Frame.defaultMaxLength))]
    try await withTimeout(120) {
      try await offMainActor { [path = harness.path] in
        let client = try ControlClient(socketPath: path)
        guard case let .error(1, ControlErrorCode.tooLarge, message) = try client.request(.state(id: 1, path: "big"), timeout: .seconds(40)) else {
          throw TimedOut(what: "a tooLarge error")
        }
        #expect(message.contains("over the \(Frame.headerLength + Frame.defaultMaxLength) bytes"))
        guard case .error(2, ControlErrorCode.unknownPath, _) = try client.request(.state(id: 2, path: "nothing"), timeout: .seconds(60)) else {
          throw TimedOut(what: "an answer on the same connection")
        }
      }
    }
  }
}
