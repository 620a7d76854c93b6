#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import SwitchyardWire
import SwitchyardNet

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
  // Internal rather than private: the I/O thread's loop, in ControlServer+Serving.swift, uses it.
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

  /// Serves `listener`; `handler` gets what clients send, in batches on the main actor, and
  /// calls ``hangUp(_:)`` on a client whose input ended once it has answered its requests.
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

  /// Queues `message` for `client`, or a `tooLarge` error in its place if its frame is larger
  /// than a reply may be; a client that has left too much unread is dropped instead.
  func send(_ message: ControlMessage, to client: Int) {
    do {
      enqueue(try frame(of: message), to: client)
    } catch {
      enqueue(error.frame, to: client)
    }
  }

  private func enqueue(_ bytes: [UInt8], to client: Int) {
    let target = shared.withLock { shared -> (channel: FrameChannel, retained: Int)? in
      guard shared.closing[client] == nil, let entry = shared.clients[client] else { return nil }
      return (entry.channel, entry.latestBytes)
    }
    guard let target else { return }
    // Checked here, with the subscriptions' unwritten values, before any of it is written: refused
    // by the channel after a partial write, the frame would be cut off. Only this actor queues, so
    // the channel can hold no more by the time it writes.
    guard target.channel.pendingBytes + target.retained + bytes.count <= limits.maxOutboundBytesPerClient else {
      return drop(client, .repliesUnread(limit: limits.maxOutboundBytesPerClient))
    }
    deliver(target.channel.send(bytes), to: client)
  }

  /// Queues `message` as the latest value of subscription `id`, replacing one not yet written;
  /// throws, sending the client a `tooLarge` error instead, if its frame is larger than a reply may be.
  func publish(_ message: ControlMessage, subscription id: UInt64, to client: Int) throws(ReplyTooLarge) {
    let bytes: [UInt8]
    do {
      bytes = try frame(of: message)
    } catch {
      enqueue(error.frame, to: client)
      throw error
    }
    let outcome = shared.withLock { shared -> FrameChannel.SendOutcome? in
      guard let entry = shared.clients[client], shared.closing[client] == nil else { return nil }
      if !entry.wantsWrite { return entry.channel.send(bytes) }
      guard entry.heldBytes(keeping: bytes, for: id) <= limits.maxOutboundBytesPerClient else { return .overLimit }
      shared.clients[client]?.keep(bytes, for: id)
      return .queuedWakeIOThread
    }
    if let outcome { deliver(outcome, to: client) }
  }

  /// `message` as a frame, unless that is larger than a reply may be.
  private func frame(of message: ControlMessage) throws(ReplyTooLarge) -> [UInt8] {
    var bytes: [UInt8] = []
    message.appendFrame(to: &bytes)
    guard bytes.count <= limits.largestReply else {
      throw ReplyTooLarge(reply: message, bytes: bytes.count, limit: limits.largestReply)
    }
    return bytes
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
    shared.withLock { $0.clients[client]?.forget(id) }
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
