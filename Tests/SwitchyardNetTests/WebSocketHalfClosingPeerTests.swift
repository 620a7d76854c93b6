import Foundation
import SwitchyardTestSupport
import Testing
@testable import SwitchyardNet

/// A client that writes its last frame and shuts its writing side at once, as the network fuzz's
/// clients do: the server's close frame, queued before the client's end of stream is read, must
/// still be written. It used to be cut by the read loop's `shutdown`, and the client learnt nothing.
@Suite(.timeLimit(.minutes(3)))
struct WebSocketHalfClosingPeerTests {
  /// Each case: the frame the client ends with, and the code the server's close must carry.
  static let endings: [(String, [UInt8], UInt16)] = [
    ("close 1001", WebSocketFrame(opcode: .close, payload: [0x03, 0xE9]).encoded(maskingKey: [1, 2, 3, 4]), 1001),
    ("reserved bits", [0xC1, 0x81, 1, 2, 3, 4, 0x79], 1002),
    ("invalid UTF-8", WebSocketFrame(opcode: .text, payload: [0xC3, 0x28]).encoded(maskingKey: [1, 2, 3, 4]), 1007),
  ]

  @Test(arguments: 0..<endings.count) func theServersCloseReachesAPeerThatShutItsWritingSide(_ index: Int) async throws {
    let (name, frame, code) = Self.endings[index]
    // Ten times: the close was lost to a race with the writer, which one try often won.
    for _ in 0..<10 {
      try await oneTry(frame: frame) { frames in
        let close = frames.last { $0.opcode == .close }
        #expect(close.map { UInt16($0.payload[0]) << 8 | UInt16($0.payload[1]) } == code, "\(name): \(frames)")
      }
    }
  }

  /// Upgrades, sends `frame`, shuts the writing side and reads to the end; `check`s the frames.
  func oneTry(frame: [UInt8], check: ([WebSocketFrame]) -> Void) async throws {
    try await withServer(routes: { $0.addEcho("/echo") }) { server in
      // Off the cooperative pool, which the server's route handlers run on: three cases blocking
      // two of its threads in reads left no thread to upgrade their connections.
      let frames = try await offThread { [port = server.port] in
        let socket = try Socket.connectLoopback(port)
        defer { socket.close() }
        try socket.write(
          Array("GET /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n".utf8)
            + Array("Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n".utf8) + frame)
        socket.shutdown(.writing)
        let received = socket.readUntilClosed()
        let rest = Array(received[(HTTPHead.endIndex(in: received, from: 0) ?? received.count)...])
        return try socket.readFrames(masked: false, initial: rest, timeout: .seconds(1))
      }
      check(frames)
    }
  }
}
