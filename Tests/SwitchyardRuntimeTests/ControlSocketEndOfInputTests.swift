#if canImport(Glibc)
import Glibc
#endif
import SwitchyardTestSupport
import Testing
import SwitchyardWire
@testable import SwitchyardRuntime

/// A client's input ends (it shuts its writing side, or breaks the framing) after whole requests:
/// each is still handled and answered, the `sent` that waits for the journal included, before the
/// connection closes; a client that retried a lost `sent` would apply its action twice.
@MainActor
@Suite(.serialized, ProcessOfItsOwn.only("ControlSocketEndOfInputTests"))
struct ControlSocketEndOfInputTests {
  @Test func aClientThatShutsItsWritingSideGetsEveryReplyIncludingASentTheJournalHeldBack() async throws {
    let harness = try TestControlService(holdsAcknowledgements: true)
    defer { harness.stop() }
    try await withTimeout(120) {
      let client = try RawSocket(path: harness.path)
      var requests: [UInt8] = []
      ControlMessage.status(id: 1).appendFrame(to: &requests)
      ControlMessage.send(id: 2, action: ["tapped": 1]).appendFrame(to: &requests)
      #expect(client.writeAll(requests) == requests.count)
      #expect(shutdown(client.fd, Int32(SHUT_WR)) == 0)
      try await eventually("the send to wait for the journal") { harness.heldCount == 1 }
      harness.releaseAcknowledgements()
      // Read here: the main actor has nothing left to do for them, the replies are written.
      let replies = try client.readFrames(2, within: .seconds(60)).map { try ControlMessage(payload: $0) }
      #expect(replies.count == 2)
      guard case .statusReport(1, _)? = replies.first else { throw TimedOut(what: "the status report") }
      #expect(replies.last == .sent(id: 2, sequence: 1))
      #expect(client.readUntilClosed(within: .seconds(60)), "the connection stayed open after its replies")
      #expect(harness.actions == [["tapped": 1]])
    }
  }

  @Test func wholeRequestsBeforeABrokenFrameAreAnsweredThenTheFarewellIsSent() async throws {
    let harness = try TestControlService()
    defer { harness.stop() }
    try await withTimeout(120) {
      let frames = try await offMainActor { [path = harness.path] in
        let client = try RawSocket(path: path)
        var bytes: [UInt8] = []
        ControlMessage.send(id: 5, action: ["tapped": 2]).appendFrame(to: &bytes)
        // A zero length: no frame may be empty, and framing is lost after it.
        bytes += [0, 0, 0, 0]
        #expect(client.writeAll(bytes) == bytes.count)
        let frames = try client.readFrames(2, within: .seconds(60)).map { try ControlMessage(payload: $0) }
        #expect(client.readUntilClosed(within: .seconds(60)), "the connection stayed open after the farewell")
        return frames
      }
      #expect(frames.first == .sent(id: 5, sequence: 1))
      guard case .error(nil, ControlErrorCode.badRequest, let message)? = frames.dropFirst().first else {
        throw TimedOut(what: "the badRequest farewell after the sent")
      }
      #expect(message.contains("closing the connection"))
      #expect(harness.actions == [["tapped": 2]])
    }
  }
}
