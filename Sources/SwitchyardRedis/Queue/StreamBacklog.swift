/// A job stream's load, for `status` and for autoscalers: what waits, what runs, who reads.
public struct StreamBacklog: Sendable, Equatable {
  /// Entries in the stream: jobs waiting plus jobs running (finished ones are deleted).
  public var length: Int
  /// Jobs delivered to a worker and not yet finished.
  public var pending: Int
  /// How long ago the oldest pending job was enqueued, by the server's clock; `nil` when none is.
  public var oldestPendingAge: Duration?
  /// The workers in the kind's group, with what each holds and when it last read.
  public var consumers: [StreamConsumerInfo]
  /// Whether the group holds the coordinator's mark (``StreamLayout/coordinatorMark``): `false`
  /// once a worker made the group again after it was lost.
  public var isMarked: Bool

  /// Creates a backlog.
  public init(length: Int, pending: Int, oldestPendingAge: Duration?, consumers: [StreamConsumerInfo], isMarked: Bool = true) {
    self.length = length
    self.pending = pending
    self.oldestPendingAge = oldestPendingAge
    self.consumers = consumers
    self.isMarked = isMarked
  }
}
