#if canImport(Glibc)
import Glibc
#endif
import SwitchyardTestSupport
@testable import SwitchyardRuntime

/// Clients that connect and never finish what they start — silent, a frame or a head cut short,
/// a request trickled a byte at a time, or a connection cap's worth of silent ones — held
/// together on one thread with `poll`, each read until the server closes it.
struct SlowClients {
  /// One connection: what it still has to write, how slowly, and what it read.
  struct Client {
    var fd: Int32
    var listener: String
    var what: String
    var pending: [UInt8]
    /// Between writes of one byte; `nil` writes everything at once.
    var interval: Duration?
    var nextWrite = ContinuousClock.now
    var received: [UInt8] = []
    var closedAfter: Duration?
  }

  private(set) var clients: [Client] = []
  private let started = ContinuousClock.now

  /// Connects to `port`; `nil` if the connection could not be made (the listener's backlog full).
  mutating func open(port: UInt16, listener: String, what: String, writing bytes: [UInt8] = [], interval: Duration? = nil) {
    guard let fd = connectLoopback(port: port) else { return }
    setNonBlocking(fd)
    clients.append(Client(fd: fd, listener: listener, what: what, pending: bytes, interval: interval))
  }

  /// Writes and reads until every server has closed its connection or `timeout` passes; those
  /// still open then are closed with ``Client/closedAfter`` `nil`.
  mutating func run(within timeout: Duration) {
    let deadline = started + timeout
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while ContinuousClock.now < deadline, clients.contains(where: { $0.closedAfter == nil }) {
      let open = clients.indices.filter { clients[$0].closedAfter == nil }
      var fds = open.map { pollfd(fd: clients[$0].fd, events: Int16(POLLIN), revents: 0) }
      _ = poll(&fds, nfds_t(fds.count), 20)
      let now = ContinuousClock.now
      for (slot, index) in open.enumerated() {
        if !clients[index].pending.isEmpty, now >= clients[index].nextWrite {
          let count = clients[index].interval == nil ? clients[index].pending.count : 1
          let sent = clients[index].pending.withUnsafeBytes { send(clients[index].fd, $0.baseAddress, count, Int32(MSG_NOSIGNAL)) }
          if sent > 0 { clients[index].pending.removeFirst(sent) }
          clients[index].nextWrite = now + (clients[index].interval ?? .zero)
        }
        guard fds[slot].revents != 0 else { continue }
        let count = read(clients[index].fd, &buffer, buffer.count)
        if count > 0 {
          clients[index].received += buffer[..<count]
        } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
          clients[index].closedAfter = started.duration(to: now)
          close(clients[index].fd)
        }
      }
    }
    for index in clients.indices where clients[index].closedAfter == nil { close(clients[index].fd) }
  }
}
