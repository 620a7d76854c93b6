import SwitchyardWire

/// One control client as the control socket's I/O thread sees it: its reader, the requests read
/// and not yet handed to the main actor, and the times its deadlines run from.
///
/// A client is read only while none of its requests wait here, so what it pipelines stays in its
/// socket (and the kernel stops it) rather than in the coordinator's memory.
///
/// Once its input ends (it shut its writing side, or broke the framing) it is read no more, but
/// the requests it sent whole are still handled and answered before it is closed.
struct ControlConnection {
  /// How a client's input ended.
  struct EndOfInput {
    let at: ContinuousClock.Instant
    /// The error the client gets after its replies, when its input ended inside a frame or broke
    /// the framing.
    let farewell: ControlSocketError?
    /// Whether the main actor has been told, after the client's last request.
    var isPosted = false
  }

  let fd: Int32
  var reader: FrameReader
  let connectedAt: ContinuousClock.Instant
  /// When the last request arrived; `nil` until the first, which completes the handshake.
  private(set) var lastRequestAt: ContinuousClock.Instant?
  /// Requests read and not yet posted to the main actor, oldest first.
  private(set) var backlog: [ControlServerEvent] = []
  /// Requests posted to the main actor and not yet handled by it.
  private(set) var inFlight = 0
  /// The ids of the client's subscriptions, as its requests asked: a subscriber is never idle.
  /// At most as many as a client may hold, so refused subscribes cannot grow it.
  private var subscriptions: Set<UInt64> = []
  private let maxSubscriptions: Int
  /// Bytes of the frame the client has begun and not finished.
  var partialBytes = 0
  /// Whether the client's `hello` carried the listener's token, when it has one.
  var isAuthenticated = false
  /// How the client's input ended, once it has.
  private(set) var end: EndOfInput?

  init(fd: Int32, limits: ControlSocketLimits, now: ContinuousClock.Instant) {
    self.fd = fd
    reader = FrameReader(maxFrameLength: limits.maxFrameLength)
    maxSubscriptions = limits.maxSubscriptionsPerClient
    connectedAt = now
  }

  /// Whether the client has sent a whole frame yet.
  var completedHandshake: Bool { lastRequestAt != nil }

  /// Whether the client is to be read: only once the main actor has taken all it sent before,
  /// and until its input ends.
  var wantsRead: Bool { backlog.isEmpty && end == nil }

  /// Queues `events`, the requests of one read.
  mutating func received(_ events: [ControlServerEvent], at now: ContinuousClock.Instant) {
    guard !events.isEmpty else { return }
    lastRequestAt = now
    for case let .message(_, .message(message)) in events {
      switch message {
      case let .subscribe(id, _) where subscriptions.count < maxSubscriptions: subscriptions.insert(id)
      case let .unsubscribe(id): subscriptions.remove(id)
      default: break
      }
    }
    backlog += events
  }

  /// Takes the requests to post this turn: as many as keep at most `limit` with the main actor.
  mutating func nextSlice(limit: Int) -> ArraySlice<ControlServerEvent> {
    let count = min(backlog.count, max(0, limit - inFlight))
    guard count > 0 else { return [] }
    let slice = backlog[..<count]
    backlog.removeFirst(count)
    inFlight += count
    return slice
  }

  /// Records that the client's input ended, with the error it gets after its replies, if any.
  mutating func ended(at now: ContinuousClock.Instant, farewell: ControlSocketError?) {
    guard end == nil else { return }
    end = EndOfInput(at: now, farewell: farewell)
  }

  /// Whether to tell the main actor now that the client's input ended: once, after its last request.
  mutating func takeEndOfInput() -> Bool {
    guard backlog.isEmpty, end?.isPosted == false else { return false }
    end?.isPosted = true
    return true
  }

  /// Counts `count` posted requests as handled by the main actor.
  mutating func handled(_ count: Int) {
    inFlight = max(0, inFlight - count)
  }

  /// Since when the client has been idle: sent its handshake, subscribes to nothing and has no
  /// request waiting or being handled; `nil` while it is not.
  var idleSince: ContinuousClock.Instant? {
    guard end == nil, let lastRequestAt, subscriptions.isEmpty, backlog.isEmpty, inFlight == 0 else { return nil }
    return lastRequestAt
  }

  /// When the client is dropped if nothing changes, and why.
  func deadline(_ limits: ControlSocketLimits) -> (at: ContinuousClock.Instant, reason: ControlSocketError)? {
    // Replies after the end of input are waited for as long as an idle client is kept.
    if let end { return (end.at + limits.idleTimeout, .unansweredAtEnd(limits.idleTimeout)) }
    guard completedHandshake else { return (connectedAt + limits.handshakeTimeout, .handshakeTimeout(limits.handshakeTimeout)) }
    return idleSince.map { ($0 + limits.idleTimeout, .idleTimeout(limits.idleTimeout)) }
  }
}
