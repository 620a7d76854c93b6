#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import SwitchyardWire

/// The control socket: a Unix domain socket (mode 0600), or a TCP listener, served by one thread with `poll`, each
/// client a ``ControlConnection`` and a ``FrameChannel``, within ``ControlSocketLimits``.
///
/// Requests reach the main actor in turns: at most ``ControlSocketLimits/requestsPerTurn`` of a
/// client at a time, the next slice posted once the main actor has handled the last, so a client
/// that pipelines thousands of requests delays another client's by one slice, not by thousands.
///
/// The main actor never blocks on a client. Replies queue in the client's channel, bounded in
/// bytes; state a client subscribed to is kept as one latest frame per subscription, replaced
/// while the client is slow, so a stalled client costs one slice per subscription plus at most
/// its reply limit, and is dropped past that.
final class ControlServer: Sendable {
  // Internal rather than private: the I/O thread's loop, in ControlServer+Serving.swift, uses them.
  struct Client {
    let fd: Int32
    let channel: FrameChannel
    var latest: [UInt64: [UInt8]] = [:]
  }

  struct Shared {
    var clients: [Int: Client] = [:]
    /// Clients to disconnect once their replies are written, with the farewell for those dropped.
    var closing: [Int: ControlSocketError?] = [:]
    /// Requests of each client the main actor has handled since the I/O thread last looked.
    var handled: [Int: Int] = [:]
    var isStopped = false
  }

  let listener: Int32
  /// The secret each client's `hello` must carry before anything else; `nil` admits every client.
  let token: String?
  /// The number given to the first client; later ones count up from it.
  let firstClient: Int
  let wakeup: (read: Int32, write: Int32)
  let shared = Mutex(Shared())
  /// Signalled by the thread when it has let go of every descriptor, and again by each stop that
  /// saw it, so every later stop sees it too.
  let finished = DispatchSemaphore(value: 0)
  let limits: ControlSocketLimits
  let log: @Sendable (LogEvent) -> Void

  /// Serves `listener`; `handler` gets what clients send, in batches on the main actor.
  init(
    listener: ControlListener,
    limits: ControlSocketLimits,
    log: @escaping @Sendable (LogEvent) -> Void,
    handler: @escaping @MainActor @Sendable ([ControlServerEvent]) -> Void
  ) throws(CoordinatorError) {
    let fd = listener.descriptor
    guard let wakeup = makePipe(flags: O_CLOEXEC | O_NONBLOCK) else {
      let code = errno
      close(fd)
      throw .socketFailed(path: "the control socket's wakeup pipe", errno: code)
    }
    self.listener = fd
    self.token = listener.token
    self.firstClient = listener.firstClient
    self.wakeup = wakeup
    self.limits = limits
    self.log = log
    let inbox = MainActorInbox<ControlServerEvent> { [self] events in
      handler(events)
      acknowledge(events)
    }
    Thread.detachNewThread(named: "sy-control") { [self] in self.serve(inbox) }
  }

  /// Tells the I/O thread the main actor has handled `events`, so it posts those clients' next slices.
  private func acknowledge(_ events: [ControlServerEvent]) {
    var handled: [Int: Int] = [:]
    for event in events {
      if let client = event.request { handled[client, default: 0] += 1 }
    }
    guard !handled.isEmpty else { return }
    // Under the lock, as the I/O thread closes the wakeup pipe under it once stopped: a batch
    // handled after that must not write to a descriptor number the kernel may have reused.
    shared.withLock { shared in
      guard !shared.isStopped else { return }
      shared.handled.merge(handled, uniquingKeysWith: +)
      signalWakeup()
    }
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
    finished.wait()
    // Passed on, so that a second stop returns at once too.
    finished.signal()
  }

  /// Drops `client` at once with `reason`, whatever it still has queued.
  func drop(_ client: Int, _ reason: ControlSocketError) {
    shared.withLock { $0.closing[client] = .some(reason) }
    signalWakeup()
  }

  func signalWakeup() {
    var byte: UInt8 = 1
    _ = write(wakeup.write, &byte, 1)
  }
}
