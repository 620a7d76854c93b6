/// A coordinator started with `--ha`, in its `status`: whether it leads, the lease's epoch, who
/// leads, and how far its copy of the shared journal is behind.
public struct HighAvailabilityReport: Codable, Equatable, Sendable {
  /// Whether it leads or stands by.
  public var role: HighAvailabilityRole
  /// The epoch of the lease it holds, or of the leader's it last saw.
  public var epoch: UInt64
  /// The leader as its lease names it (`HOST/PID [tcp://ADDRESS] RUNDIR`), or `nil` when no one leads.
  public var leader: String?
  /// The leader's run directory, when a standby reports it and the leader runs on its host:
  /// where `send`, `scale` and `load` given the standby's run directory go instead.
  public var leaderRunDirectory: String?
  /// The leader's TCP control address, `tcp://HOST:PORT`, when it serves one (`start
  /// --control-listen`): where clients on any host follow a standby to.
  public var leaderControlAddress: String?
  /// The last journal record it holds.
  public var appliedSequence: UInt64
  /// How many records of the shared journal it has not applied yet; 0 on the leader.
  public var lag: UInt64
  /// Why it cannot reach Redis, while it cannot: a standby cut off neither copies the journal nor
  /// can take the lease, whatever its last ``lag`` said.
  public var redisUnreachable: String?

  /// Whether it can serve at once, as `status --ready` asks: the leader, or a standby whose copy is
  /// caught up and that reaches Redis, so could take the lease.
  public var isReady: Bool {
    role == .leader || (lag == 0 && redisUnreachable == nil)
  }

  /// Creates a report.
  public init(role: HighAvailabilityRole, epoch: UInt64, leader: String?, appliedSequence: UInt64, lag: UInt64) {
    self.role = role
    self.epoch = epoch
    self.leader = leader
    self.appliedSequence = appliedSequence
    self.lag = lag
  }
}
