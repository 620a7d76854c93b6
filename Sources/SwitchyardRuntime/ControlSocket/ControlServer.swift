#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import SwitchyardWire

/// The control socket: a Unix domain socket (mode 0600) served by one thread with `poll`, raw
/// `accept`/`read`/`write`, for any number of clients.
///
/// The main actor never blocks on a client. Replies queue in the client's outbox; state a client
/// subscribed to is kept as one latest frame per subscription, replaced while the client is slow,
/// so a stalled client costs one slice per subscription, never a backlog.
final class ControlServer: Sendable {
  private struct Client {
    let fd: Int32
    var pending: [UInt8] = []
    var latest: [UInt64: [UInt8]] = [:]
  }

  private struct Shared {
    var clients: [Int: Client] = [:]
    var closing: Set<Int> = []
    var isStopped = false
  }

  /// Replies a client has not read past this are not coalescible; it is disconnected instead.
  private static let outboxLimit = 16 << 20

  private let listener: Int32
  private let wakeup: (read: Int32, write: Int32)
  private let shared = Mutex(Shared())
  private let finished = Mutex(false)
  private let maxFrameLength: Int

  /// Binds and listens on `socketPath`, then serves it, posting what clients send to `inbox`.
  init(socketPath: String, maxFrameLength: Int, inbox: MainActorInbox<ControlServerEvent>) throws(CoordinatorError) {
    guard var address = unixSocketAddress(socketPath) else {
      throw .socketPathTooLong(path: socketPath, limit: unixSocketPathLimit)
    }
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
    guard fd >= 0 else { throw .socketFailed(path: socketPath, errno: errno) }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    guard bound == 0, chmod(socketPath, 0o600) == 0, listen(fd, 128) == 0,
      let wakeup = makePipe(flags: O_CLOEXEC | O_NONBLOCK)
    else {
      let code = errno
      close(fd)
      throw .socketFailed(path: socketPath, errno: code)
    }
    self.listener = fd
    self.wakeup = wakeup
    self.maxFrameLength = maxFrameLength
    let thread = Thread { [self] in self.serve(inbox) }
    thread.name = "switchyard-control"
    thread.start()
  }

  /// Queues `message` for `client`.
  func send(_ message: ControlMessage, to client: Int) {
    var bytes: [UInt8] = []
    message.appendFrame(to: &bytes)
    let wake = shared.withLock { shared -> Bool in
      guard var entry = shared.clients[client], !shared.closing.contains(client) else { return false }
      defer { shared.clients[client] = entry }
      if entry.pending.isEmpty, entry.latest.isEmpty {
        let written = bytes.withUnsafeBytes { write(entry.fd, $0.baseAddress, $0.count) }
        if written == bytes.count { return false }
        entry.pending.append(contentsOf: bytes[max(0, written)...])
        return true
      }
      entry.pending.append(contentsOf: bytes)
      if entry.pending.count > Self.outboxLimit { shared.closing.insert(client) }
      return true
    }
    if wake { signalWakeup() }
  }

  /// Queues `message` as the latest value of subscription `id`, replacing one not yet written.
  func publish(_ message: ControlMessage, subscription id: UInt64, to client: Int) {
    var bytes: [UInt8] = []
    message.appendFrame(to: &bytes)
    let wake = shared.withLock { shared -> Bool in
      guard var entry = shared.clients[client], !shared.closing.contains(client) else { return false }
      defer { shared.clients[client] = entry }
      if entry.pending.isEmpty, entry.latest.isEmpty {
        let written = bytes.withUnsafeBytes { write(entry.fd, $0.baseAddress, $0.count) }
        if written == bytes.count { return false }
        entry.pending.append(contentsOf: bytes[max(0, written)...])
        return true
      }
      entry.latest[id] = bytes
      return true
    }
    if wake { signalWakeup() }
  }

  /// Disconnects `client` once what was sent to it has been written (or could not be).
  func hangUp(_ client: Int) {
    shared.withLock { _ = $0.closing.insert(client) }
    signalWakeup()
  }

  /// Forgets an unwritten latest value of subscription `id`, once the client has unsubscribed.
  func dropSubscription(_ id: UInt64, of client: Int) {
    shared.withLock { _ = $0.clients[client]?.latest.removeValue(forKey: id) }
  }

  /// Stops accepting clients, disconnects every client and closes the socket; returns once the
  /// thread has let go of every descriptor.
  func stop() {
    shared.withLock { $0.isStopped = true }
    signalWakeup()
    while !finished.withLock({ $0 }) { usleep(1_000) }
  }

  private func signalWakeup() {
    var byte: UInt8 = 1
    _ = write(wakeup.write, &byte, 1)
  }
}

extension ControlServer {
  private func serve(_ inbox: MainActorInbox<ControlServerEvent>) {
    var decoders: [Int: FrameDecoder] = [:]
    var nextClient = 1
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let (stopped, watched) = shared.withLock { shared in
        (shared.isStopped, shared.clients.map { ($0.key, $0.value.fd, !$0.value.pending.isEmpty || !$0.value.latest.isEmpty) })
      }
      if stopped { break }
      var fds = [
        pollfd(fd: wakeup.read, events: Int16(POLLIN), revents: 0),
        pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
      ]
      for (_, fd, wantsWrite) in watched {
        fds.append(pollfd(fd: fd, events: Int16(POLLIN) | (wantsWrite ? Int16(POLLOUT) : 0), revents: 0))
      }
      guard poll(&fds, nfds_t(fds.count), -1) >= 0 || errno == EINTR else { break }
      if fds[0].revents != 0 {
        var drain = [UInt8](repeating: 0, count: 256)
        _ = read(wakeup.read, &drain, drain.count)
        // Clients told to close go once their outbox is written, or at once if it overflowed.
        let leaving = shared.withLock { shared in
          shared.closing.filter { client in
            shared.clients[client].map { $0.pending.isEmpty || $0.pending.count > Self.outboxLimit } ?? true
          }
        }
        for client in leaving {
          disconnect(client)
          decoders[client] = nil
          inbox.post(.disconnected(client: client))
        }
      }
      if fds[1].revents & Int16(POLLIN) != 0 {
        while true {
          let fd = systemAccept4(listener, nil, nil, Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue))
          guard fd >= 0 else { break }
          let id = nextClient
          nextClient += 1
          decoders[id] = FrameDecoder(maxFrameLength: maxFrameLength)
          shared.withLock { $0.clients[id] = Client(fd: fd) }
        }
      }
      for (index, (client, fd, _)) in watched.enumerated() {
        let events = fds[index + 2].revents
        // A client disconnected above (its decoder gone) may already have its fd reused by one
        // accepted above: that fd is not this client's any more.
        guard events != 0, decoders[client] != nil else { continue }
        var open = true
        if events & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
          open = readRequests(from: fd, client: client, decoder: &decoders[client]!, buffer: &buffer, inbox: inbox)
        }
        if open, events & Int16(POLLOUT) != 0 { open = flush(client) }
        if !open || shared.withLock({ $0.closing.contains(client) }) {
          disconnect(client)
          decoders[client] = nil
          inbox.post(.disconnected(client: client))
        }
      }
    }
    shared.withLock { shared in
      for client in shared.clients.values { close(client.fd) }
      shared.clients.removeAll()
    }
    close(listener)
    close(wakeup.read)
    close(wakeup.write)
    finished.withLock { $0 = true }
  }

  /// Reads what a client sent; returns `false` once it has gone.
  private func readRequests(
    from fd: Int32,
    client: Int,
    decoder: inout FrameDecoder,
    buffer: inout [UInt8],
    inbox: MainActorInbox<ControlServerEvent>
  ) -> Bool {
    let count = read(fd, &buffer, buffer.count)
    if count < 0 { return errno == EINTR || errno == EAGAIN }
    guard count > 0 else { return false }
    buffer.withUnsafeBytes { decoder.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    do {
      while let payload = try decoder.next() {
        do {
          inbox.post(.message(client: client, try ControlRequest(payload: payload)))
        } catch {
          inbox.post(.malformed(client: client, "\(error)"))
        }
      }
      return true
    } catch {
      // A broken frame leaves no way to find the next one: say why, then hang up.
      var reply: [UInt8] = []
      ControlMessage.error(id: nil, code: "badRequest", message: "\(error); closing the connection.")
        .appendFrame(to: &reply)
      _ = reply.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      return false
    }
  }

  /// Writes what a client's outbox holds; returns `false` once it has gone.
  private func flush(_ client: Int) -> Bool {
    shared.withLock { shared -> Bool in
      guard var entry = shared.clients[client] else { return false }
      defer { shared.clients[client] = entry }
      if entry.pending.isEmpty {
        for frame in entry.latest.values { entry.pending.append(contentsOf: frame) }
        entry.latest.removeAll()
      }
      let written = entry.pending.withUnsafeBytes { write(entry.fd, $0.baseAddress, $0.count) }
      if written < 0 { return errno == EAGAIN || errno == EINTR }
      entry.pending.removeFirst(written)
      return true
    }
  }

  private func disconnect(_ client: Int) {
    shared.withLock { shared in
      // Before the guard: a client the I/O thread already dropped may still be asked to close.
      shared.closing.remove(client)
      guard let entry = shared.clients.removeValue(forKey: client) else { return }
      close(entry.fd)
    }
  }
}
