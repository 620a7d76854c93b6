/// What the control socket lets its clients cost the coordinator: connections, memory for their
/// unfinished requests and unread replies, and descriptors.
///
/// Every client is local, but one that misbehaves (or thousands of idle ones) must not stall or
/// crash the coordinator: past a limit the offending client is refused or dropped with a reason,
/// and everyone else is served as before.
public struct ControlSocketLimits: Sendable, Equatable {
  /// Clients connected at once; the next one gets a `tooManyConnections` error and is closed.
  public var maxConnections: Int
  /// The largest request frame a client may send: far below a worker's, since requests are small.
  public var maxFrameLength: Int
  /// Bytes of replies a client may leave unread before it is dropped.
  public var maxOutboundBytesPerClient: Int
  /// Bytes of unfinished request frames all clients together may make the coordinator hold; the
  /// client holding most is dropped when they pass it.
  public var partialFrameBudget: Int
  /// Descriptors kept free for worker restarts: a client is refused rather than accepted into them.
  /// At most a quarter of the process's descriptor limit is kept, however many this asks for.
  public var reservedDescriptors: Int

  /// Creates limits; the defaults suit a coordinator with a handful of operators and dashboards.
  public init(
    maxConnections: Int = 256,
    maxFrameLength: Int = 1 << 20,
    maxOutboundBytesPerClient: Int = 8 << 20,
    partialFrameBudget: Int = 32 << 20,
    reservedDescriptors: Int = 64
  ) {
    self.maxConnections = maxConnections
    self.maxFrameLength = maxFrameLength
    self.maxOutboundBytesPerClient = maxOutboundBytesPerClient
    self.partialFrameBudget = partialFrameBudget
    self.reservedDescriptors = reservedDescriptors
  }
}
