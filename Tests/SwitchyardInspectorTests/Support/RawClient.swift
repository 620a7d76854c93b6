import Foundation
import Glibc
import SwitchyardTestSupport

/// A TCP client on 127.0.0.1 that does only what a test tells it: write bytes, read with a
/// deadline, or nothing at all, as a page that stopped reading does.
final class RawClient {
  struct Failed: Error, CustomStringConvertible {
    let description: String
  }

  private let descriptor: Int32

  /// Connects to `port`; `receiveBuffer` shrinks the kernel's buffer, so that a client that does
  /// not read pushes back on the server sooner.
  init(port: UInt16, receiveBuffer: Int32? = nil) throws {
    guard let descriptor = connectLoopback(port: port, receiveBuffer: receiveBuffer) else {
      throw Failed(description: "connect() to port \(port) failed: errno \(errno)")
    }
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }

  func write(_ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
      guard sent > 0 else { throw Failed(description: "send() failed") }
      offset += sent
    }
  }

  func write(_ text: String) throws {
    try write(Array(text.utf8))
  }

  /// Reads until `complete` holds for what arrived, the peer closes, or 30 s pass.
  ///
  /// The inspector answers from the main actor, which every main-actor test of a full run shares:
  /// in a fresh clone's CI run `/effects` waited past 10 s for it and the answer read empty.
  func read(until complete: ([UInt8]) -> Bool = { _ in false }) -> [UInt8] {
    var received: [UInt8] = []
    let deadline = ContinuousClock.now + .seconds(30)
    while !complete(received) {
      let remaining = deadline - .now
      guard remaining > .zero else { break }
      var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, Int32(remaining.components.seconds * 1000 + 1)) > 0 else { break }
      var chunk = [UInt8](repeating: 0, count: 65_536)
      let count = recv(descriptor, &chunk, chunk.count, 0)
      guard count > 0 else { break }
      received += chunk[..<count]
    }
    return received
  }

  /// The response's head and body as text, once the server closes or the head has arrived.
  func readResponse() -> String {
    String(decoding: read(), as: UTF8.self)
  }

  /// A WebSocket opening handshake for `target`; returns the server's answer head.
  func upgrade(_ target: String) throws -> String {
    try write("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
    let answer = String(decoding: read { String(decoding: $0, as: UTF8.self).contains("\r\n\r\n") }, as: UTF8.self)
    return answer.components(separatedBy: "\r\n\r\n").first ?? answer
  }
}
