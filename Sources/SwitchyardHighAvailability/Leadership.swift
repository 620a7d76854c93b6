import SwitchyardJournal
import SwitchyardWire

/// What a coordinator that won the lease leads with: the lease kept renewed, and the copy of its
/// journal to the shared stream, which its journal's options must carry.
public struct Leadership: Sendable {
  /// Renews the lease, and says when it is lost.
  public let keeper: LeaseKeeper
  /// The copy of every record and snapshot to the shared journal, under the lease.
  public var replication: any JournalReplication { redisReplication }
  let redisReplication: RedisJournalReplication
  /// Whether the shared journal was empty: the leader's own journal seeds it, and a snapshot of
  /// its state should follow at once so that standbys have one to copy from.
  public let seedsSharedJournal: Bool
  /// Where the node stands now: leader until the lease is lost.
  public let status: @Sendable () -> HighAvailabilityReport

  /// Bounds the rest of this leadership, as the coordinator begins to stop: a batch waits for the
  /// Redis replicas (`--ha-replicas`) a third of the lease more at most, and is then not acknowledged.
  public func stopWaitingForReplicas() {
    redisReplication.stopWaitingForReplicas()
  }

  /// The records on the Redis primary that the replicas had not confirmed when the leader stopped
  /// waiting for them, for the log of a leader stepping down.
  public var unconfirmedRecords: ClosedRange<UInt64>? {
    redisReplication.unconfirmedRecords
  }
}
