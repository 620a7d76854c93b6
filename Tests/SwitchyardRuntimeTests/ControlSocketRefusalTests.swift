#if canImport(Glibc)
import Glibc
#endif
import SwitchyardTestSupport
import Testing
import SwitchyardWire
@testable import SwitchyardRuntime

/// A client learns why it was refused: the reason the coordinator sent before closing, even when
/// the client only notices the close as a failed write, and the right one for a `hello`'s version.
@MainActor
@Suite(.serialized, ProcessOfItsOwn.only("ControlSocketRefusalTests"))
struct ControlSocketRefusalTests {
  @Test func aWriteThatFailsAfterARefusalReportsTheRefusalsReason() async throws {
    let harness = try TestControlService(limits: ControlSocketLimits(maxConnections: 1))
    defer { harness.stop() }
    try await withTimeout(120) {
      try await offMainActor { [path = harness.path] in
        let first = try ControlClient(socketPath: path)
        guard case .statusReport = try first.request(.status(id: 1), timeout: .seconds(60)) else { throw TimedOut(what: "a status report") }

        let refused = ControlClient(descriptor: try closedByCoordinator(path))
        guard case let .error(nil, ControlErrorCode.tooManyConnections, message) = try refused.request(.status(id: 2), timeout: .seconds(60)) else {
          throw TimedOut(what: "the tooManyConnections reason")
        }
        #expect(message.contains("1 control clients"))

        let sender = ControlClient(descriptor: try closedByCoordinator(path))
        #expect(throws: ControlClientError.refused(message)) { try sender.send(.status(id: 3)) }
      }
    }
  }

  @Test func aHelloVersionIsCompatibleByItsMajorAndMalformedWhenNotMajorDotMinor() async throws {
    let harness = try TestControlService()
    defer { harness.stop() }
    try await withTimeout(120) {
      try await offMainActor { [path = harness.path] in
        let client = try ControlClient(socketPath: path)
        let long = try client.request(.hello(Hello(version: "1.99999999999999999999", role: "client", pid: getpid())), timeout: .seconds(60))
        guard case .hello = long else { throw TimedOut(what: "the coordinator's hello for major 1, got \(long)") }
        let malformed = try client.request(.hello(Hello(version: "1.x", role: "client", pid: getpid())), timeout: .seconds(60))
        guard case let .error(nil, ControlErrorCode.badRequest, message) = malformed else { throw TimedOut(what: "a badRequest, got \(malformed)") }
        #expect(message.contains("'1.x' is not MAJOR.MINOR"))
        guard case .statusReport = try client.request(.status(id: 1), timeout: .seconds(60)) else { throw TimedOut(what: "a status report") }

        let stranger = try ControlClient(socketPath: path)
        let other = try stranger.request(.hello(Hello(version: "99999999999999999999.0", role: "client", pid: getpid())), timeout: .seconds(60))
        guard case .error(nil, ControlErrorCode.versionMismatch, _) = other else { throw TimedOut(what: "a versionMismatch, got \(other)") }
      }
    }
  }

  /// Found by the control fuzz: an unknown type or a field missing or mistyped was answered
  /// without the request's id, readable as it was, so a client pipelining requests could not
  /// tell which one failed.
  @Test func aRequestRefusedForItsShapeIsAnsweredUnderItsIDWhenTheIDCanBeRead() async throws {
    let harness = try TestControlService()
    defer { harness.stop() }
    try await withTimeout(120) {
      try await offMainActor { [path = harness.path] in
        let requests = [
          #"{"type":"frobnicate","id":7}"#, #"{"type":"state","id":8,"path":5}"#, #"{"type":"state","id":9}"#,
          #"{"id":10}"#, #"{"type":"status","id":"eleven"}"#, #"[12]"#, #"{"type":"status","id":13}"#,
        ]
        let socket = try RawSocket(path: path)
        socket.writeAll(requests.flatMap { withUnsafeBytes(of: UInt32($0.utf8.count).bigEndian, Array.init) + Array($0.utf8) })
        let replies = try socket.readFrames(requests.count, within: .seconds(60)).map { try ControlMessage(payload: $0) }
        #expect(replies.map(\.id) == [7, 8, 9, 10, nil, nil, 13])
        #expect(replies.dropLast().allSatisfy { if case .error(_, .badRequest, _) = $0 { true } else { false } })
      }
    }
  }
}

/// A blocking socket connected to `path` once the coordinator has refused it, said why and closed
/// it: a write to it then fails.
private func closedByCoordinator(_ path: String) throws -> Int32 {
  guard let fd = connectUnix(path: path) else { throw TimedOut(what: "a connection to \(path)") }
  // POLLRDHUP (0x2000, which Glibc's module does not export): the coordinator has closed its
  // end, after the farewell.
  var pfd = pollfd(fd: fd, events: 0x2000, revents: 0)
  guard poll(&pfd, 1, 20_000) == 1 else {
    close(fd)
    throw TimedOut(what: "the coordinator to close the refused connection")
  }
  return fd
}
