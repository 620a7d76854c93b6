import SwitchyardNet
import SwitchyardWire

/// What the control socket lets its clients cost the coordinator: connections, time, memory for
/// their unfinished requests and unread replies, turns of the main actor, and descriptors.
///
/// Every client is local, but one that misbehaves (or thousands of idle ones) must not stall or
/// crash the coordinator: past a limit the offending client is refused or dropped with a reason,
/// and everyone else is served as before.
public struct ControlSocketLimits: Sendable, Equatable {
  /// Clients connected at once. The next one takes the place of the oldest client that has not
  /// sent a request yet, else of the one idle longest (unsubscribed, for at least
  /// ``handshakeTimeout``), which gets an `evicted` error; with neither, it gets
  /// `tooManyConnections` and is closed.
  public var maxConnections: Int
  /// The largest request frame a client may send: far below a worker's, since requests are small.
  public var maxFrameLength: Int
  /// Bytes of replies a client may leave unread before it is dropped, the latest value of each of
  /// its subscriptions included. No single reply may be larger: one that would be is refused with
  /// a `tooLarge` error instead.
  public var maxOutboundBytesPerClient: Int
  /// Subscriptions one client may hold at once; the next is refused with `tooManySubscriptions`.
  public var maxSubscriptionsPerClient: Int
  /// Bytes of unfinished request frames all clients together may make the coordinator hold; the
  /// client holding most is dropped when they pass it.
  public var partialFrameBudget: Int
  /// Descriptors kept free for worker restarts: a client is refused rather than accepted into them.
  /// At most a quarter of the process's descriptor limit is kept, however many this asks for.
  public var reservedDescriptors: Int
  /// How long a new client has to send its first frame (its `hello`, or a first request) before
  /// it is closed with `handshakeTimeout`.
  public var handshakeTimeout: Duration
  /// How long a client with no subscription and nothing in progress may send nothing before it is
  /// closed with `idleTimeout`.
  public var idleTimeout: Duration
  /// Requests of one client the main actor handles in one turn: a client that pipelines more
  /// waits for the next turn, so every other client's requests are handled in between.
  public var requestsPerTurn: Int

  /// Creates limits; the defaults suit a coordinator with a handful of operators and dashboards.
  public init(
    maxConnections: Int = 256,
    maxFrameLength: Int = 1 << 20,
    maxOutboundBytesPerClient: Int = 8 << 20,
    maxSubscriptionsPerClient: Int = 64,
    partialFrameBudget: Int = 32 << 20,
    reservedDescriptors: Int = 64,
    handshakeTimeout: Duration = .seconds(5),
    idleTimeout: Duration = .seconds(300),
    requestsPerTurn: Int = 16
  ) {
    self.maxConnections = maxConnections
    self.maxFrameLength = maxFrameLength
    self.maxOutboundBytesPerClient = maxOutboundBytesPerClient
    self.maxSubscriptionsPerClient = maxSubscriptionsPerClient
    self.partialFrameBudget = partialFrameBudget
    self.reservedDescriptors = reservedDescriptors
    self.handshakeTimeout = handshakeTimeout
    self.idleTimeout = idleTimeout
    self.requestsPerTurn = requestsPerTurn
  }

  /// The most bytes one reply's frame may take: what the client may leave unread, and never more
  /// than the protocol's own frame limit, which every client reads with.
  var largestReply: Int {
    min(maxOutboundBytesPerClient, Frame.headerLength + Frame.defaultMaxLength)
  }

  /// The connection cap and descriptor reserve, as every listener of the coordinator keeps them.
  var listener: ListenerLimits {
    ListenerLimits(maxConnections: maxConnections, reservedDescriptors: reservedDescriptors)
  }
}
