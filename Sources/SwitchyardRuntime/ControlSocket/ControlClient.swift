#if canImport(Glibc)
import Glibc
#endif
import SwitchyardWire

/// A blocking client of a coordinator's control socket (or TCP control listener), for the `switchyard` commands and tests.
///
/// ```swift
/// let client = try ControlClient(socketPath: ".switchyard/control.sock")
/// let reply = try client.request(.status(id: 1))
/// ```
public final class ControlClient {
  private let fd: Int32
  private var reader = FrameReader(maxFrameLength: Frame.defaultMaxLength)
  /// Messages read and not yet returned, in order.
  private var received: [ControlMessage] = []
  /// Messages ``request(_:timeout:)`` passed over while waiting for its reply.
  private var buffered: [ControlMessage] = []

  /// Connects to the socket at `socketPath`.
  public convenience init(socketPath: String) throws(ControlClientError) {
    guard var address = unixSocketAddress(socketPath) else { throw .connectFailed(path: socketPath, errno: ENAMETOOLONG) }
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw .connectFailed(path: socketPath, errno: errno) }
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    guard connected == 0 else {
      let code = errno
      Glibc.close(fd)
      throw .connectFailed(path: socketPath, errno: code)
    }
    self.init(descriptor: fd)
  }

  /// Talks over `descriptor`, a connected blocking stream socket it closes at deinit.
  init(descriptor: Int32) {
    fd = descriptor
  }

  deinit {
    Glibc.close(fd)
  }

  /// Sends one message; throws ``ControlClientError/refused(_:)`` with the coordinator's reason
  /// if it closed the connection after saying why.
  public func send(_ message: ControlMessage) throws(ControlClientError) {
    do {
      try write(message)
    } catch {
      if case let .error(_, _, reason)? = farewell() { throw .refused(reason) }
      throw error
    }
  }

  private func write(_ message: ControlMessage) throws(ControlClientError) {
    var bytes: [UInt8] = []
    message.appendFrame(to: &bytes)
    // A client that stopped reading must not kill us with SIGPIPE: MSG_NOSIGNAL turns it into EPIPE.
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
      if sent < 0 {
        if errno == EINTR { continue }
        throw .closed
      }
      offset += sent
    }
  }

  /// The next message from the coordinator, waiting at most `timeout`.
  public func receive(timeout: Duration = .seconds(5)) throws(ControlClientError) -> ControlMessage {
    if !buffered.isEmpty { return buffered.removeFirst() }
    return try readNext(until: .now + timeout)
  }

  /// Sends a request and returns the first reply carrying its id, or the error without an id the
  /// coordinator sent before closing the connection; other messages that arrive meanwhile
  /// (subscription updates) are kept for ``receive(timeout:)``.
  public func request(_ message: ControlMessage, timeout: Duration = .seconds(5)) throws(ControlClientError) -> ControlMessage {
    do {
      try write(message)
    } catch {
      // The reply to a request the coordinator refused to read is why it refused.
      guard let farewell = farewell() else { throw error }
      return farewell
    }
    let deadline = ContinuousClock.now + timeout
    while true {
      let reply = try readNext(until: deadline)
      let isUpdate = reply.isStateChange && !message.isSubscription
      if reply.id == message.id, !isUpdate { return reply }
      if case .error(nil, _, _) = reply { return reply }
      buffered.append(reply)
    }
  }

  /// The error without an id the coordinator sent before closing the connection, if it did: a
  /// write that failed because it closed must not hide why (`tooManyConnections`, `noDescriptors`).
  private func farewell() -> ControlMessage? {
    // Written before the coordinator closed, so already here if it was written at all.
    let deadline = ContinuousClock.now + .milliseconds(200)
    while let message = try? readNext(until: deadline) {
      if case .error(nil, _, _) = message { return message }
      buffered.append(message)
    }
    return nil
  }

  private func readNext(until deadline: ContinuousClock.Instant) throws(ControlClientError) -> ControlMessage {
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while received.isEmpty {
      let remaining = deadline - .now
      guard remaining > .zero else { throw .timedOut }
      var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&pfd, 1, Int32(clamping: max(1, remaining.milliseconds)))
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { throw .timedOut }
      switch reader.read(from: fd, into: &buffer) {
      case .wouldBlock: continue
      case .endOfStream, .failed: throw .closed
      case let .broken(error, _): throw .malformed("\(error)")
      case let .payloads(payloads):
        for payload in payloads {
          do {
            received.append(try ControlMessage(payload: payload))
          } catch {
            throw .malformed("\(error)")
          }
        }
      }
    }
    return received.removeFirst()
  }
}

extension ControlMessage {
  /// A subscription's update, which carries the subscription's id without answering a request.
  fileprivate var isStateChange: Bool {
    if case .stateChanged = self { true } else { false }
  }

  /// A subscribe request, whose first answer is itself a `stateChanged`.
  fileprivate var isSubscription: Bool {
    if case .subscribe = self { true } else { false }
  }
}
