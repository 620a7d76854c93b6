import SwitchyardTestSupport
#if canImport(Glibc)
import Glibc
#endif
import SwitchyardWire
@testable import SwitchyardRuntime

/// A bare Unix-socket client for tests that misbehave on purpose: it writes what it likes and
/// reads only when told to.
final class RawSocket {
  let fd: Int32

  init(path: String) throws {
    guard var address = unixSocketAddress(path) else { throw TimedOut(what: "a socket path that fits") }
    fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    guard connected == 0 else {
      close(fd)
      throw TimedOut(what: "a connection to \(path)")
    }
    setNonBlocking(fd)
  }

  deinit {
    close(fd)
  }

  /// Writes as much of `bytes` as the socket takes before it stays full for 100 ms; returns how much.
  @discardableResult
  func writeAll(_ bytes: [UInt8]) -> Int {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
      if written > 0 {
        offset += written
        continue
      }
      guard written < 0, errno == EAGAIN || errno == EINTR else { break }
      var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
      guard poll(&pfd, 1, 100) > 0 else { break }
    }
    return offset
  }

  /// Reads until the peer closes; `false` if it had not within `timeout`.
  func readUntilClosed(within timeout: Duration) -> Bool {
    var closed = false
    _ = read(within: timeout) { count in
      if count == 0 { closed = true }
      return count > 0
    }
    return closed
  }

  /// Everything the peer sends until it closes or `timeout` passes.
  func readAll(within timeout: Duration) -> [UInt8] {
    read(within: timeout) { $0 > 0 }
  }

  /// The next frame's payload, or `nil` if none arrived within `timeout`.
  func readFrame(within timeout: Duration) -> [UInt8]? {
    readFrames(1, within: timeout).first
  }

  /// The payloads of the next `count` frames, fewer if they did not all arrive within `timeout`.
  func readFrames(_ count: Int, within timeout: Duration) -> [[UInt8]] {
    var decoder = FrameDecoder()
    var payloads: [[UInt8]] = []
    _ = read(within: timeout) { _ in
      while payloads.count < count, let payload = try? decoder.next() { payloads.append(payload) }
      return payloads.count < count
    } feed: { decoder.append(contentsOf: $0) }
    return payloads
  }

  private func read(
    within timeout: Duration,
    continuing: (Int) -> Bool,
    feed: ([UInt8]) -> Void = { _ in }
  ) -> [UInt8] {
    let deadline = ContinuousClock.now + timeout
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while ContinuousClock.now < deadline {
      var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&pfd, 1, 50) > 0 else { continue }
      let count = Glibc.read(fd, &buffer, buffer.count)
      if count < 0 {
        if errno == EAGAIN || errno == EINTR { continue }
        _ = continuing(0)
        return received
      }
      received += buffer[..<count]
      feed(Array(buffer[..<count]))
      guard continuing(count) else { return received }
    }
    return received
  }
}

/// Runs blocking client code on a thread of its own, so the main actor and the cooperative
/// threads (two, on a two-core machine) stay free to answer it.
func offMainActor<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await offThread(body)
}
