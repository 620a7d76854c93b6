/// What keeps a coordinator started with `--ha` from standing by or leading.
public enum HighAvailabilityError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The shared journal has records but no snapshot to start a copy from.
  case noSharedSnapshot
  /// The shared journal this standby copied through record `copied` is gone from Redis, so the
  /// standby will not lead from its copy, which may lack what the leader acknowledged since.
  case sharedJournalLost(copied: UInt64)
  /// Fewer Redis replicas than `--ha-replicas` had a batch of the shared journal when the lease ran out.
  case replicasMissing(wanted: Int, acknowledged: Int, through: UInt64)
  /// Fewer Redis replicas than `--ha-replicas` had records `first`…`last` when the stopping leader
  /// gave up waiting for them.
  case replicasMissingAtStop(wanted: Int, acknowledged: Int, first: UInt64, last: UInt64)

  public var description: String {
    switch self {
    case .noSharedSnapshot:
      "The shared journal in Redis keeps no snapshot yet, so a standby cannot copy it; it waits for the leader's first snapshot."
    case let .sharedJournalLost(copied):
      "Redis lost the shared journal this standby copied through record \(copied) (restarted without persistence, or flushed), "
        + "and the leader may have acknowledged records after it, so this standby will not lead from its copy: it waits for the "
        + "last leader, whose own data directory is whole, to seed the journal again. If that data directory is lost, restart this "
        + "coordinator to lead from its copy, accepting the loss of what it lacks."
    case let .replicasMissing(wanted, acknowledged, through):
      "Only \(acknowledged) of the \(wanted) Redis replicas --ha-replicas asks for had journal record \(through) before this leader's lease ran out; check the replicas (INFO replication) or lower --ha-replicas."
    case let .replicasMissingAtStop(wanted, acknowledged, first, last):
      "Only \(acknowledged) of the \(wanted) Redis replicas --ha-replicas asks for had journal records \(first)–\(last) when this leader stopped; they are on the Redis primary, which the next leader reads, but were not acknowledged. Check the replicas (INFO replication)."
    }
  }
}
