/// The keys through which the coordinators named alike share one journal and elect one leader,
/// beside their remote pools' keys (``StreamLayout``) under the same hash tag.
public struct HighAvailabilityLayout: Sendable, Equatable {
  /// The coordinators' shared name, such as `demo`.
  public var coordinator: String

  /// The layout of the coordinators named `coordinator`.
  public init(coordinator: String) {
    self.coordinator = coordinator
  }

  /// The lease: a string `EPOCH HOLDER` that expires unless its holder renews it.
  public var lease: String { "\(prefix):ha:lease" }

  /// The counter each new lease takes its epoch from; it only grows, so an epoch is never reused.
  public var epoch: String { "\(prefix):ha:epoch" }

  /// The stream of journal records, one entry per batch the leader wrote.
  public var journal: String { "\(prefix):ha:journal" }

  /// The sequence number of the last record in ``journal``, which the next append must follow.
  public var head: String { "\(prefix):ha:head" }

  /// A counter the leader increments just before each `WAIT`, on the same connection: see
  /// ``FencedJournalStream/waitForReplicas(_:timeout:)``.
  public var replicationMark: String { "\(prefix):ha:replication-mark" }

  /// The hash of kept snapshots, each a snapshot file's bytes under its sequence number.
  public var snapshots: String { "\(prefix):ha:snapshots" }

  private var prefix: String { StreamLayout(coordinator: coordinator).prefix }
}
