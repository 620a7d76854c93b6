import Glibc
import Synchronization

/// A TCP socket: blocking IO on the caller's thread, with waits bounded by deadlines via `poll(2)`.
///
/// Blocking calls on dedicated threads keep every protocol loop straight-line code; `poll` adds
/// deadlines wherever a silent peer could otherwise stall a thread forever. ``shutdown(_:)`` may be
/// called from any thread at any time to wake a blocked reader or writer, but ``close()`` is for
/// the owner once no IO is in flight: the kernel reuses a closed descriptor number at once, and a
/// late read on it would read some other connection.
package final class Socket: Sendable {
  /// Which half of the connection ``shutdown(_:)`` ends.
  package enum Direction {
    /// Sends FIN once queued bytes are out; reading goes on (a graceful close).
    case writing
    /// Stops reading: a blocked reader sees end of stream, while writes still go out. This is how
    /// a server stops taking requests yet finishes the response it is writing.
    case reading
    /// Ends both halves, waking any thread blocked on the socket.
    case both
  }

  /// The descriptor, for the owner's system calls (`accept4` through a ``ConnectionAdmission``).
  let descriptor: Int32
  private let isClosed = Mutex(false)

  /// Takes ownership of an open descriptor; it is closed by ``close()`` or at deinit.
  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Takes ownership of a descriptor a listener accepted, as ``accept()`` returns it.
  static func accepted(_ descriptor: Int32) -> Socket {
    let socket = Socket(descriptor: descriptor)
    socket.disableNagle()
    return socket
  }

  deinit {
    close()
  }

  /// Connects to `host:port`, trying each address `getaddrinfo` gives until one answers.
  package static func connect(host: String, port: UInt16, deadline: ContinuousClock.Instant) throws(SocketError) -> Socket {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_flags = AI_NUMERICSERV
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &list)
    guard status == 0, let first = list else {
      throw .hostNotFound(host: host, reason: String(cString: gai_strerror(status)))
    }
    defer { freeaddrinfo(first) }
    var lastError = SocketError.hostNotFound(host: host, reason: "no address")
    var candidate: UnsafeMutablePointer<addrinfo>? = first
    while let info = candidate {
      candidate = info.pointee.ai_next
      do {
        return try connect(to: info.pointee, deadline: deadline)
      } catch .timedOut {
        throw .timedOut
      } catch {
        lastError = error
      }
    }
    throw lastError
  }

  private static func connect(to address: addrinfo, deadline: ContinuousClock.Instant) throws(SocketError) -> Socket {
    let descriptor = Glibc.socket(address.ai_family, address.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), address.ai_protocol)
    guard descriptor >= 0 else { throw .lastError("socket") }
    let socket = Socket(descriptor: descriptor)
    // Non-blocking only while connecting, so that the deadline bounds the TCP handshake.
    try socket.setBlocking(false)
    if Glibc.connect(descriptor, address.ai_addr, address.ai_addrlen) != 0 {
      guard errno == EINPROGRESS else { throw .lastError("connect") }
      try socket.wait(for: Int16(POLLOUT), deadline: deadline)
      var failure: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &length) == 0 else {
        throw .lastError("getsockopt")
      }
      guard failure == 0 else { throw .system(call: "connect", errno: failure) }
    }
    try socket.setBlocking(true)
    socket.disableNagle()
    return socket
  }

  /// A socket listening on `host` (a dotted IPv4 address or an IPv6 address without brackets,
  /// 127.0.0.1 unless named) and `port`; port 0 lets the kernel pick a free one.
  package static func listen(host: String = "127.0.0.1", port: UInt16, backlog: Int32 = 128) throws(SocketError) -> Socket {
    let socket = try bound(host: host, port: port, reuseAddress: true)
    guard Glibc.listen(socket.descriptor, backlog) == 0 else { throw .lastError("listen") }
    return socket
  }

  /// A port on 127.0.0.1 held but never listened on: connecting to it is refused for as long as
  /// the socket is open.
  ///
  /// A port found by listening and closing is free for anyone, a parallel test's server included;
  /// this one cannot be bound by another socket until it is closed.
  package static func refusingConnections() throws(SocketError) -> Socket {
    try bound(host: "127.0.0.1", port: 0, reuseAddress: false)
  }

  private static func bound(host: String, port: UInt16, reuseAddress: Bool) throws(SocketError) -> Socket {
    guard let address = SocketAddress(host: host, port: port) else {
      throw .hostNotFound(host: host, reason: "not an IP address such as 127.0.0.1, 0.0.0.0 or ::1")
    }
    let descriptor = Glibc.socket(address.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw .lastError("socket") }
    let socket = Socket(descriptor: descriptor)
    if reuseAddress {
      var reuse: Int32 = 1
      setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    }
    guard address.withSockaddr({ bind(descriptor, $0, $1) }) == 0 else { throw .lastError("bind") }
    return socket
  }

  /// The local port, which is how a listener bound to port 0 learns where it is.
  package func localPort() throws(SocketError) -> UInt16 {
    try SocketAddress(boundTo: descriptor).port
  }

  /// Waits for the next connection; fails with `EINVAL` once the listener is shut down.
  package func accept() throws(SocketError) -> Socket {
    while true {
      let client = Glibc.accept(descriptor, nil, nil)
      if client >= 0 {
        // Glibc's accept4 is hidden behind _GNU_SOURCE; close-on-exec keeps test child processes
        // from inheriting (and so holding open) our connections.
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        return .accepted(client)
      }
      let code = errno
      // A client that gave up before we accepted it is no reason to stop listening.
      if code == EINTR || code == ECONNABORTED { continue }
      throw .system(call: "accept", errno: code)
    }
  }

  /// Reads what is available, up to `maxCount` bytes; an empty result means the peer closed.
  ///
  /// With a deadline, waits at most until then and throws ``SocketError/timedOut``.
  package func read(upTo maxCount: Int, deadline: ContinuousClock.Instant? = nil) throws(SocketError) -> [UInt8] {
    if let deadline {
      try wait(for: Int16(POLLIN), deadline: deadline)
    }
    while true {
      var result = 0
      var code: Int32 = 0
      let bytes = [UInt8](unsafeUninitializedCapacity: maxCount) { buffer, initialized in
        result = recv(descriptor, buffer.baseAddress, maxCount, 0)
        code = errno
        initialized = max(result, 0)
      }
      if result >= 0 { return bytes }
      if code == EINTR { continue }
      throw .system(call: "recv", errno: code)
    }
  }

  /// Writes every byte, blocking while the peer's window is full (up to the send timeout).
  package func write(_ bytes: [UInt8]) throws(SocketError) {
    if isClosed.withLock({ $0 }) { throw .closed }
    var offset = 0
    while offset < bytes.count {
      var code: Int32 = 0
      let sent = bytes.withUnsafeBytes { buffer in
        let result = send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
        code = errno
        return result
      }
      if sent >= 0 {
        offset += sent
      } else if code == EAGAIN || code == EWOULDBLOCK {
        throw .timedOut
      } else if code != EINTR {
        throw .system(call: "send", errno: code)
      }
    }
  }

  /// Whether the peer closed the connection (or it failed) while nothing was expected from it:
  /// a peek that does not wait. A client checks an idle connection so before reusing it.
  package func peerHasClosed() -> Bool {
    var byte: UInt8 = 0
    let result = recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
    return result == 0 || (result < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
  }

  /// Bounds how long one blocked ``write(_:)`` may wait for a peer that stopped reading.
  package func setSendTimeout(_ timeout: Duration) {
    let (seconds, attoseconds) = timeout.components
    var value = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Ends one or both halves of the connection; safe from any thread, a no-op once closed.
  package func shutdown(_ direction: Direction = .both) {
    isClosed.withLock { closed in
      guard !closed else { return }
      let how: Int32
      switch direction {
      case .writing: how = Int32(SHUT_WR)
      case .reading: how = Int32(SHUT_RD)
      case .both: how = Int32(SHUT_RDWR)
      }
      _ = Glibc.shutdown(descriptor, how)
    }
  }

  /// Hands the descriptor to a caller that closes it itself, such as a `poll` loop serving it
  /// beside Unix sockets; the socket no longer closes it.
  package func releaseDescriptor() -> Int32 {
    isClosed.withLock { $0 = true }
    return descriptor
  }

  /// Releases the descriptor; call once no other thread can be using it.
  package func close() {
    isClosed.withLock { closed in
      guard !closed else { return }
      closed = true
      _ = Glibc.close(descriptor)
    }
  }

  /// Blocks until `events` are ready (or the socket hung up), or throws at the deadline.
  package func wait(for events: Int16, deadline: ContinuousClock.Instant?) throws(SocketError) {
    while true {
      var timeout: Int32 = -1
      if let deadline {
        let remaining = deadline - .now
        guard remaining > .zero else { throw .timedOut }
        let (seconds, attoseconds) = remaining.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        timeout = Int32(clamping: milliseconds)
      }
      var entry = pollfd(fd: descriptor, events: events, revents: 0)
      let result = poll(&entry, 1, timeout)
      if result > 0 { return }
      if result < 0, errno != EINTR { throw .lastError("poll") }
    }
  }

  /// Whether a read would return at once (bytes, end of stream or an error) without blocking:
  /// how a kept-alive connection that the peer closed while idle is told from a live one.
  func hasPendingInput() -> Bool {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, 0) != 0
  }

  /// Sets or clears `O_NONBLOCK`.
  func setBlocking(_ blocking: Bool) throws(SocketError) {
    let flags = fcntl(descriptor, F_GETFL)
    guard flags >= 0 else { throw .lastError("fcntl") }
    let updated = blocking ? flags & ~O_NONBLOCK : flags | O_NONBLOCK
    guard fcntl(descriptor, F_SETFL, updated) == 0 else { throw .lastError("fcntl") }
  }

  /// Small frames (pings, pongs, close) must leave at once rather than wait for more data.
  private func disableNagle() {
    var enabled: Int32 = 1
    setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &enabled, socklen_t(MemoryLayout<Int32>.size))
  }
}
