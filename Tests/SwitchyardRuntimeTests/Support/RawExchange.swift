#if canImport(Glibc)
import Glibc
#endif
import SwitchyardTestSupport
@testable import SwitchyardRuntime

/// One fuzzing connection's bytes each way, on a connected socket of any family: what it wrote
/// while reading whatever came back, until the peer closed, `enough` said so, or the deadline.
struct RawExchange {
  /// How the connection ends once everything is written.
  enum Ending {
    /// Shuts the writing side (a half-close) and reads on until the peer closes.
    case shutWriting
    /// Keeps the writing side open and reads on until the peer closes: a client that waits.
    case keepOpen
    /// Closes at once without reading: a client that hangs up on its replies.
    case abandon
    /// Closes at once with a reset (SO_LINGER 0), not a FIN.
    case reset
  }

  var received: [UInt8] = []
  /// How much of what was to be written went out.
  var written = 0
  /// Whether the peer closed (or reset) the connection before the deadline.
  var closedByPeer = false
  /// Why the exchange stopped early, when it did: the peer neither answered nor closed in time.
  var failure: String?

  /// Writes `bytes` on `fd` (a connected socket it makes non-blocking and closes) while reading,
  /// ends as `ending` says, and reads until the peer closes, `enough` returns true of what was
  /// received, or `within` passes.
  static func run(
    fd: Int32,
    writing bytes: [UInt8],
    ending: Ending,
    within timeout: Duration = .seconds(30),
    enough: ([UInt8]) -> Bool = { _ in false }
  ) -> RawExchange {
    var exchange = RawExchange()
    defer { close(fd) }
    setNonBlocking(fd)
    var writing = true
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if writing, exchange.written == bytes.count {
        writing = false
        switch ending {
        case .shutWriting: shutdown(fd, Int32(SHUT_WR))
        case .keepOpen: break
        case .abandon: return exchange
        case .reset:
          var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
          setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
          return exchange
        }
      }
      var pfd = pollfd(fd: fd, events: Int16(POLLIN) | (writing ? Int16(POLLOUT) : 0), revents: 0)
      guard poll(&pfd, 1, 50) > 0 else { continue }
      if writing, pfd.revents & Int16(POLLOUT) != 0 {
        let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + exchange.written, $0.count - exchange.written, Int32(MSG_NOSIGNAL)) }
        if sent > 0 {
          exchange.written += sent
        } else if errno != EAGAIN, errno != EINTR {
          // The peer closed on us (a request it refused): what it said before is still to read.
          writing = false
          if ending == .abandon || ending == .reset { return exchange }
        }
      }
      guard pfd.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 else { continue }
      let count = read(fd, &buffer, buffer.count)
      if count < 0, errno == EAGAIN || errno == EINTR { continue }
      guard count > 0 else {
        // Closed, or reset (Linux resets a socket closed with our requests unread).
        exchange.closedByPeer = true
        return exchange
      }
      exchange.received += buffer[..<count]
      if enough(exchange.received) { return exchange }
    }
    exchange.failure = "the peer neither answered nor closed within \(timeout) (\(exchange.written) of \(bytes.count) bytes written)"
    return exchange
  }
}

/// A blocking connection to the Unix socket at `path`; `nil` if it could not be made.
func connectUnix(path: String) -> Int32? {
  guard var address = unixSocketAddress(path) else { return nil }
  let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
  guard fd >= 0 else { return nil }
  let connected = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
  }
  guard connected == 0 else {
    close(fd)
    return nil
  }
  return fd
}
