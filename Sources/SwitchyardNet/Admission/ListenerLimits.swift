/// How much of the process one listener may hand to its clients: connections, and descriptors.
///
/// Every listener a coordinator owns (the control socket, the inspector, any HTTP endpoint) keeps
/// to its own limits through a ``ConnectionAdmission``, so no one of them can fill the descriptor
/// table the others and the runtime need: libdispatch, for one, traps when it cannot open a file.
public struct ListenerLimits: Sendable, Equatable {
  /// Connections served at once; the next one is refused with a reason and closed.
  public var maxConnections: Int
  /// Descriptors left free for the rest of the process (worker restarts, the journal, the runtime's
  /// own files): a connection that would take one of them is refused. At most a quarter of the
  /// process's descriptor limit is kept, however many this asks for, so clients always get some.
  public var reservedDescriptors: Int

  /// Creates limits; the defaults suit a listener for a handful of people and their tools.
  public init(maxConnections: Int = 256, reservedDescriptors: Int = 64) {
    self.maxConnections = maxConnections
    self.reservedDescriptors = reservedDescriptors
  }
}
