#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import SwitchyardWire

/// The control socket: a Unix domain socket (mode 0600) served by one thread with `poll`, each
/// client a ``FrameReader`` and a ``FrameChannel``, within ``ControlSocketLimits``.
///
/// The main actor never blocks on a client. Replies queue in the client's channel, bounded in
/// bytes; state a client subscribed to is kept as one latest frame per subscription, replaced
/// while the client is slow, so a stalled client costs one slice per subscription plus at most
/// its reply limit, and is dropped past that.
final class ControlServer: Sendable {
  private struct Client {
    let fd: Int32
    let channel: FrameChannel
    var latest: [UInt64: [UInt8]] = [:]
  }

  private struct Shared {
    var clients: [Int: Client] = [:]
    /// Clients to disconnect once their replies are written, with the farewell for those dropped.
    var closing: [Int: ControlSocketError?] = [:]
    var isStopped = false
  }

  private let listener: Int32
  private let wakeup: (read: Int32, write: Int32)
  private let shared = Mutex(Shared())
  private let finished = Mutex(false)
  private let limits: ControlSocketLimits
  private let log: @Sendable (String) -> Void

  /// Binds and listens on `socketPath`, then serves it, posting what clients send to `inbox`.
  init(
    socketPath: String,
    limits: ControlSocketLimits,
    log: @escaping @Sendable (String) -> Void,
    inbox: MainActorInbox<ControlServerEvent>
  ) throws(CoordinatorError) {
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
    self.limits = limits
    self.log = log
    Thread.detachNewThread(named: "sy-control") { [self] in self.serve(inbox) }
  }

  /// Queues `message` for `client`; a client that has left too much unread is dropped instead.
  func send(_ message: ControlMessage, to client: Int) {
    var bytes: [UInt8] = []
    message.appendFrame(to: &bytes)
    guard let channel = shared.withLock({ $0.closing[client] == nil ? $0.clients[client]?.channel : nil }) else { return }
    deliver(channel.send(bytes), to: client)
  }

  /// Queues `message` as the latest value of subscription `id`, replacing one not yet written.
  func publish(_ message: ControlMessage, subscription id: UInt64, to client: Int) {
    var bytes: [UInt8] = []
    message.appendFrame(to: &bytes)
    let outcome = shared.withLock { shared -> FrameChannel.SendOutcome? in
      guard var entry = shared.clients[client], shared.closing[client] == nil else { return nil }
      if entry.latest.isEmpty, !entry.channel.wantsWrite { return entry.channel.send(bytes) }
      entry.latest[id] = bytes
      shared.clients[client] = entry
      return .queuedWakeIOThread
    }
    if let outcome { deliver(outcome, to: client) }
  }

  private func deliver(_ outcome: FrameChannel.SendOutcome, to client: Int) {
    switch outcome {
    case .sent, .closed:
      return
    case .queuedWakeIOThread:
      signalWakeup()
    case .overLimit:
      drop(client, .repliesUnread(limit: limits.maxOutboundBytesPerClient))
    }
  }

  /// Disconnects `client` once what was sent to it has been written (or could not be).
  func hangUp(_ client: Int) {
    shared.withLock { shared in
      if shared.closing[client] == nil { shared.closing[client] = .some(nil) }
    }
    signalWakeup()
  }

  /// Forgets an unwritten latest value of subscription `id`, once the client has unsubscribed.
  func dropSubscription(_ id: UInt64, of client: Int) {
    shared.withLock { _ = $0.clients[client]?.latest.removeValue(forKey: id) }
  }

  /// How many clients are connected: what the metrics' control-connections gauge shows.
  var clientCount: Int {
    shared.withLock { $0.clients.count }
  }

  /// Stops accepting clients, disconnects every client and closes the socket; returns once the
  /// thread has let go of every descriptor.
  func stop() {
    shared.withLock { $0.isStopped = true }
    signalWakeup()
    while !finished.withLock({ $0 }) { usleep(1_000) }
  }

  /// Drops `client` at once with `reason`, whatever it still has queued.
  private func drop(_ client: Int, _ reason: ControlSocketError) {
    shared.withLock { $0.closing[client] = .some(reason) }
    signalWakeup()
  }

  private func signalWakeup() {
    var byte: UInt8 = 1
    _ = write(wakeup.write, &byte, 1)
  }
}

extension ControlServer {
  /// The I/O thread's own state: each client's reader, and what they hold between them.
  private struct Readers {
    var readers: [Int: FrameReader] = [:]
    var partialBytes: [Int: Int] = [:]
    var totalPartialBytes = 0
    var nextClient = 1
  }

  private func serve(_ inbox: MainActorInbox<ControlServerEvent>) {
    var state = Readers()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    var acceptor = ControlAcceptor(listener: listener, limits: limits)
    while true {
      let (stopped, watched) = shared.withLock { shared in
        (
          shared.isStopped,
          shared.clients.map { ($0.key, $0.value.fd, $0.value.channel.wantsWrite || !$0.value.latest.isEmpty) }
        )
      }
      if stopped { break }
      var fds = [
        pollfd(fd: wakeup.read, events: Int16(POLLIN), revents: 0),
        pollfd(fd: listener, events: acceptor.isPaused ? 0 : Int16(POLLIN), revents: 0),
      ]
      for (_, fd, wantsWrite) in watched {
        fds.append(pollfd(fd: fd, events: Int16(POLLIN) | (wantsWrite ? Int16(POLLOUT) : 0), revents: 0))
      }
      guard poll(&fds, nfds_t(fds.count), acceptor.pollTimeoutMillis) >= 0 || errno == EINTR else { break }
      if fds[0].revents != 0 {
        var drain = [UInt8](repeating: 0, count: 256)
        _ = read(wakeup.read, &drain, drain.count)
        closeLeaving(&state, inbox: inbox)
      }
      if fds[1].revents & Int16(POLLIN) != 0 {
        acceptor.acceptAll(clientCount: state.readers.count, log: log) { fd in
          let id = state.nextClient
          state.nextClient += 1
          state.readers[id] = FrameReader(maxFrameLength: limits.maxFrameLength)
          let channel = FrameChannel(writingTo: fd, outboundLimit: limits.maxOutboundBytesPerClient)
          shared.withLock { $0.clients[id] = Client(fd: fd, channel: channel) }
        }
      }
      for (index, (client, fd, _)) in watched.enumerated() {
        let events = fds[index + 2].revents
        // A client disconnected above (its reader gone) may already have its fd reused by one
        // accepted above: that fd is not this client's any more.
        guard events != 0, state.readers[client] != nil else { continue }
        var open = true
        if events & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
          open = readRequests(from: fd, client: client, state: &state, buffer: &buffer, inbox: inbox)
        }
        if open, events & Int16(POLLOUT) != 0 { open = flush(client) }
        if !open { disconnect(client, state: &state, inbox: inbox) }
      }
      enforcePartialFrameBudget(&state)
      closeLeaving(&state, inbox: inbox)
    }
    shared.withLock { shared in
      for client in shared.clients.values {
        client.channel.close()
        close(client.fd)
      }
      shared.clients.removeAll()
    }
    acceptor.close()
    close(listener)
    close(wakeup.read)
    close(wakeup.write)
    finished.withLock { $0 = true }
  }

  /// Disconnects the clients told to close whose replies are written, and those dropped at once.
  private func closeLeaving(_ state: inout Readers, inbox: MainActorInbox<ControlServerEvent>) {
    let leaving = shared.withLock { shared in
      shared.closing.filter { client, reason in
        reason != nil || (shared.clients[client].map { !$0.channel.wantsWrite } ?? true)
      }
    }
    for (client, reason) in leaving {
      if let reason { log("control client \(client) dropped: \(reason)") }
      disconnect(client, farewell: reason, state: &state, inbox: inbox)
    }
  }

  /// Reads what a client sent; returns `false` once it has gone.
  private func readRequests(
    from fd: Int32,
    client: Int,
    state: inout Readers,
    buffer: inout [UInt8],
    inbox: MainActorInbox<ControlServerEvent>
  ) -> Bool {
    let outcome = state.readers[client]!.read(from: fd, into: &buffer)
    let partial = state.readers[client]!.partialBytes
    state.totalPartialBytes += partial - (state.partialBytes[client] ?? 0)
    state.partialBytes[client] = partial
    func post(_ payloads: [ArraySlice<UInt8>]) {
      for payload in payloads {
        do {
          inbox.post(.message(client: client, try ControlRequest(payload: payload)))
        } catch {
          inbox.post(.malformed(client: client, "\(error)"))
        }
      }
    }
    switch outcome {
    case let .payloads(payloads):
      post(payloads)
      return true
    case .wouldBlock:
      return true
    case .endOfStream, .failed:
      return false
    case let .broken(error, payloads):
      // The requests before the bad frame are answered; a broken frame leaves no way to find the
      // next one, so the client is told why and hung up on.
      post(payloads)
      drop(client, .badFrame("\(error)"))
      return true
    }
  }

  /// Drops the client holding the most unfinished request bytes while all of them hold more than
  /// the budget.
  private func enforcePartialFrameBudget(_ state: inout Readers) {
    guard state.totalPartialBytes > limits.partialFrameBudget,
      let (client, held) = state.partialBytes.max(by: { $0.value < $1.value })
    else { return }
    drop(client, .unfinishedRequestsOverBudget(held: held, budget: limits.partialFrameBudget))
    state.totalPartialBytes -= held
    state.partialBytes[client] = 0
  }

  /// Writes what a client's channel holds, then its latest subscription values; returns `false`
  /// once it has gone.
  private func flush(_ client: Int) -> Bool {
    guard let channel = shared.withLock({ $0.clients[client]?.channel }) else { return false }
    switch channel.flush() {
    case .failed: return false
    case .pending: return true
    case .drained: break
    }
    let latest = shared.withLock { shared -> [[UInt8]] in
      guard let frames = shared.clients[client]?.latest.values else { return [] }
      shared.clients[client]?.latest.removeAll()
      return Array(frames)
    }
    for frame in latest {
      guard channel.send(frame) != .overLimit else { return false }
    }
    return true
  }

  private func disconnect(
    _ client: Int,
    farewell: ControlSocketError? = nil,
    state: inout Readers,
    inbox: MainActorInbox<ControlServerEvent>
  ) {
    state.readers[client] = nil
    state.totalPartialBytes -= state.partialBytes.removeValue(forKey: client) ?? 0
    let entry = shared.withLock { shared in
      // Before the removal: a client the I/O thread already dropped may still be asked to close.
      shared.closing[client] = nil
      return shared.clients.removeValue(forKey: client)
    }
    guard let entry else { return }
    entry.channel.close(farewell: farewell.map { $0.frame })
    close(entry.fd)
    inbox.post(.disconnected(client: client))
  }
}
