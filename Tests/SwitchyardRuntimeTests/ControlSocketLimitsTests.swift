import Foundation
import Synchronization
import SwitchyardTestSupport
import Testing
import SwitchyardWire
@testable import SwitchyardRuntime

/// The control socket's limits, against a ``ControlServer`` in this process whose requests are
/// answered by a small fixed service: clients run off the main actor, where the replies come from.
@MainActor
@Suite(.serialized)
struct ControlSocketLimitsTests {
  /// How long a client waits for an answer: the main actor answering is shared with every suite
  /// of a full run, which can keep it from answering for seconds; no test waits this when it passes.
  nonisolated static let answer = Duration.seconds(60)
  @Test func aClientPastTheConnectionCapIsRefusedWithAnErrorFrame() async throws {
    let server = try TestControlServer(limits: ControlSocketLimits(maxConnections: 2))
    defer { server.stop() }
    try await withTimeout(120) {
      try await offMainActor { [path = server.path] in
        let first = try ControlClient(socketPath: path)
        let second = try ControlClient(socketPath: path)
        #expect(try first.request(.status(id: 1), timeout: Self.answer) == .sent(id: 1))
        #expect(try second.request(.status(id: 2), timeout: Self.answer) == .sent(id: 2))
        let third = try ControlClient(socketPath: path)
        guard case .error(nil, ControlErrorCode.tooManyConnections, let message) = try third.receive(timeout: Self.answer) else {
          throw TimedOut(what: "a tooManyConnections error")
        }
        #expect(message.contains("2 control clients"))
        #expect(throws: ControlClientError.closed) { try third.receive(timeout: Self.answer) }
        #expect(try second.request(.status(id: 3), timeout: Self.answer) == .sent(id: 3))
      }
    }
  }

  @Test func aClientThatNeverReadsIsDroppedAtItsReplyLimitWhileOthersAreServed() async throws {
    let server = try TestControlServer(limits: ControlSocketLimits(maxOutboundBytesPerClient: 64 << 10))
    defer { server.stop() }
    try await withTimeout(120) {
      try await offMainActor { [path = server.path, log = server.log] in
        let patient = try ControlClient(socketPath: path)
        let flood = try RawSocket(path: path)
        // Each request is answered with a 4 KiB slice the flooding client never reads: socket
        // buffers fill, then its channel, then it is dropped.
        var request: [UInt8] = []
        for id in 1...2_000 { ControlMessage.state(id: UInt64(id), path: "big").appendFrame(to: &request) }
        _ = flood.writeAll(request)
        #expect(try patient.request(.status(id: 9), timeout: Self.answer) == .sent(id: 9))
        // Read only once it is dropped: its requests are answered 16 a turn, and a reader that
        // kept up would never be over its limit.
        let deadline = ContinuousClock.now + Self.answer
        while !log.lines.contains(where: { $0.contains("went unread") }), ContinuousClock.now < deadline {
          usleep(10_000)
        }
        #expect(log.lines.contains { $0.contains("went unread") }, "the flooding client was never dropped")
        #expect(flood.readUntilClosed(within: .seconds(30)))
        #expect(try patient.request(.status(id: 10), timeout: Self.answer) == .sent(id: 10))
      }
    }
  }

  @Test func unfinishedFramesPastTheBudgetDropTheClientHoldingMost() async throws {
    let limits = ControlSocketLimits(maxFrameLength: 1 << 20, partialFrameBudget: 256 << 10)
    let server = try TestControlServer(limits: limits)
    defer { server.stop() }
    try await withTimeout(120) {
      try await offMainActor { [path = server.path] in
        // A status request padded with spaces to 150 KiB: valid once complete.
        var padded = Array(#"{"type":"status","id":5"#.utf8)
        padded += [UInt8](repeating: UInt8(ascii: " "), count: 150 << 10)
        padded += Array("}".utf8)
        let modest = try RawSocket(path: path)
        var frame: [UInt8] = []
        frame += frameHeader(padded.count)
        frame += padded
        _ = modest.writeAll(Array(frame[..<(100 << 10)]))

        let greedy = try RawSocket(path: path)
        var greedyFrame: [UInt8] = []
        greedyFrame += frameHeader(1 << 20)
        greedyFrame += [UInt8](repeating: UInt8(ascii: " "), count: 200 << 10)
        _ = greedy.writeAll(greedyFrame)
        let farewell = greedy.readAll(within: .seconds(30))
        #expect(String(decoding: farewell, as: UTF8.self).contains("requestsOverBudget"))

        _ = modest.writeAll(Array(frame[(100 << 10)...]))
        let reply = try #require(modest.readFrame(within: .seconds(30)))
        #expect(try ControlMessage(payload: reply) == .sent(id: 5))
      }
    }
  }

  @Test func anIdleClientIsClosedAtTheIdleTimeoutAndASubscriberIsNot() async throws {
    let server = try TestControlServer(limits: ControlSocketLimits(idleTimeout: .milliseconds(300)))
    defer { server.stop() }
    try await withTimeout(120) {
      try await offMainActor { [path = server.path] in
        let idle = try ControlClient(socketPath: path)
        let subscriber = try ControlClient(socketPath: path)
        try subscriber.send(.subscribe(id: 1, path: "runs"))
        #expect(try idle.request(.status(id: 2), timeout: Self.answer) == .sent(id: 2))
        guard case .error(nil, ControlErrorCode.idleTimeout, _) = try idle.receive(timeout: Self.answer) else {
          throw TimedOut(what: "an idleTimeout error")
        }
        #expect(throws: ControlClientError.closed) { try idle.receive(timeout: Self.answer) }
        #expect(try subscriber.request(.status(id: 3), timeout: Self.answer) == .sent(id: 3))
      }
    }
  }

  @Test func atTheCapAClientIdleLongerThanTheHandshakeTimeoutMakesRoom() async throws {
    // A second's timeout: each client speaks as it connects, and one still silent past the timeout
    // is dropped, which a loaded machine's scheduling must not do before it speaks.
    let limits = ControlSocketLimits(maxConnections: 2, handshakeTimeout: .seconds(1))
    let server = try TestControlServer(limits: limits)
    defer { server.stop() }
    try await withTimeout(120) {
      try await offMainActor { [path = server.path] in
        let idle = try ControlClient(socketPath: path)
        #expect(try idle.request(.status(id: 1), timeout: Self.answer) == .sent(id: 1))
        let busy = try ControlClient(socketPath: path)
        #expect(try busy.request(.status(id: 2), timeout: Self.answer) == .sent(id: 2))
        // Both are idle past the handshake timeout; then one speaks again.
        usleep(1_300_000)
        #expect(try busy.request(.status(id: 2), timeout: Self.answer) == .sent(id: 2))
        let newcomer = try ControlClient(socketPath: path)
        #expect(try newcomer.request(.status(id: 3), timeout: Self.answer) == .sent(id: 3))
        guard case .error(nil, ControlErrorCode.evicted, _) = try idle.receive(timeout: Self.answer) else {
          throw TimedOut(what: "an evicted error")
        }
        #expect(try busy.request(.status(id: 4), timeout: Self.answer) == .sent(id: 4))
      }
    }
  }

  @Test func controlFramesAreLimitedFarBelowWorkerFrames() async throws {
    let server = try TestControlServer(limits: ControlSocketLimits())
    defer { server.stop() }
    #expect(ControlSocketLimits().maxFrameLength < Frame.defaultMaxLength)
    try await withTimeout(120) {
      try await offMainActor { [path = server.path] in
        let client = try RawSocket(path: path)
        var header: [UInt8] = []
        header += frameHeader(2 << 20)
        _ = client.writeAll(header)
        let reply = String(decoding: client.readAll(within: .seconds(30)), as: UTF8.self)
        #expect(reply.contains("badRequest"))
        #expect(reply.contains("\(1 << 20)"))
      }
    }
  }
}

/// A control server whose service answers `status` with `sent`, `state` with a 4 KiB slice, hangs
/// up on a client whose input ended, and records what the server logs.
@MainActor
private final class TestControlServer {
  let path: String
  private let directory = makeRunDirectory()
  private var server: ControlServer?
  /// What the server logged, line by line.
  let log = LogLines()

  init(limits: ControlSocketLimits) throws {
    path = directory + "/control.sock"
    let slice = JSONValue.string(String(repeating: "x", count: 4_096))
    let handler: @MainActor @Sendable ([ControlServerEvent]) -> Void = { [weak self] events in
      guard let server = self?.server else { return }
      for event in events {
        switch event {
        case let .message(client, .message(.status(id))): server.send(.sent(id: id), to: client)
        case let .message(client, .message(.state(id, path))): server.send(.stateSlice(id: id, path: path, value: slice), to: client)
        case let .inputEnded(client): server.hangUp(client)
        default: break
        }
      }
    }
    server = try ControlServer(listener: .unix(path: path), limits: limits, log: { [log] line in log.append(line) }, handler: handler)
  }

  func stop() {
    server?.stop()
    server = nil
    try? FileManager.default.removeItem(atPath: directory)
  }
}

/// A frame's 4-byte big-endian length prefix.
private func frameHeader(_ length: Int) -> [UInt8] {
  [UInt8(length >> 24 & 0xFF), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
}

