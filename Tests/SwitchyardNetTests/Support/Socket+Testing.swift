import Foundation
@testable import SwitchyardNet

/// Blocking helpers for tests that play a raw peer: they speak bytes our own client and server
/// would never send.
extension Socket {
  static func connectLoopback(_ port: UInt16) throws -> Socket {
    try Socket.connect(host: "127.0.0.1", port: port, deadline: .now + .seconds(20))
  }

  func write(_ text: String) throws {
    try write(Array(text.utf8))
  }

  /// Everything the peer sends until it closes, or until the deadline: a minute by default, a bound
  /// on a hang (it returns at the close), as a loaded full run kept a pipelined exchange's handlers
  /// waiting for the cooperative pool past 20 s.
  func readUntilClosed(timeout: Duration = .seconds(60)) -> [UInt8] {
    let deadline = ContinuousClock.now + timeout
    var received: [UInt8] = []
    while let bytes = try? read(upTo: 65_536, deadline: deadline), !bytes.isEmpty {
      received += bytes
    }
    return received
  }

  /// An HTTP head (up to its empty line) and whatever followed it.
  func readHead(timeout: Duration = .seconds(20)) throws -> (head: String, rest: [UInt8]) {
    let deadline = ContinuousClock.now + timeout
    var received: [UInt8] = []
    while true {
      let bytes = try read(upTo: 4096, deadline: deadline)
      guard !bytes.isEmpty else { throw SocketError.closed }
      received += bytes
      if let end = HTTPHead.endIndex(in: received, from: 0) {
        return (String(decoding: received[..<end], as: UTF8.self), Array(received[end...]))
      }
    }
  }

  /// Plays a server's side of the opening handshake, correctly; returns bytes read past it.
  @discardableResult
  func acceptWebSocketHandshake(accept: String? = nil) throws -> [UInt8] {
    let (head, rest) = try readHead()
    let keyLine = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("sec-websocket-key:") }
    let key = keyLine.map { $0.dropFirst("sec-websocket-key:".count).trimmingWhitespace() } ?? ""
    try write("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      + "Sec-WebSocket-Accept: \(accept ?? WebSocketHandshake.acceptValue(for: key))\r\n\r\n")
    return rest
  }

  /// Plays a client's side of the opening handshake against `path`; returns the answer's head.
  func requestWebSocketUpgrade(path: String) throws -> String {
    try write("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
    return try readHead().head
  }

  /// Reads frames until the peer closes, or until one matches `last` (included), which then must
  /// come before the peer closes; the frames our side received, in order.
  func readFrames(
    masked: Bool, initial: [UInt8] = [], timeout: Duration = .seconds(20), until last: ((WebSocketFrame) -> Bool)? = nil
  ) throws -> [WebSocketFrame] {
    var decoder = WebSocketFrameDecoder(expectsMaskedFrames: masked, maxMessageSize: 1 << 24)
    decoder.append(initial)
    var frames: [WebSocketFrame] = []
    let deadline = ContinuousClock.now + timeout
    while true {
      while let frame = try decoder.nextFrame() {
        frames.append(frame)
        if let last, last(frame) { return frames }
      }
      guard let bytes = try? read(upTo: 65_536, deadline: deadline), !bytes.isEmpty else {
        if last != nil { throw SocketError.closed }
        return frames
      }
      decoder.append(bytes)
    }
  }
}

extension Socket {
  /// Shrinks the kernel's buffer for one direction, turning autotuning off, so that a test fills
  /// it with kilobytes rather than megabytes.
  func shrinkBuffer(_ option: Int32, to bytes: Int32 = 4096) {
    var size = bytes
    setsockopt(descriptor, SOL_SOCKET, option, &size, socklen_t(MemoryLayout<Int32>.size))
  }
}
