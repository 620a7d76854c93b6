/// Where a coordinator started with `--ha` stands: its role, the lease's epoch and who holds it,
/// and how far its copy of the shared journal is behind.
public struct HighAvailabilityStatus: Sendable, Equatable, Codable {
  /// Leader or standby.
  public var role: HighAvailabilityRole
  /// The epoch of the lease this coordinator holds, or of the leader's it last saw (0: none yet).
  public var epoch: UInt64
  /// The leader as the lease names it (host, pid and control address), or `nil` when no one leads.
  public var leader: String?
  /// The last journal record this coordinator holds.
  public var appliedSequence: UInt64
  /// How many records the shared journal holds past ``appliedSequence``; 0 on the leader.
  public var lag: UInt64

  /// Creates a status.
  public init(role: HighAvailabilityRole, epoch: UInt64, leader: String?, appliedSequence: UInt64, lag: UInt64) {
    self.role = role
    self.epoch = epoch
    self.leader = leader
    self.appliedSequence = appliedSequence
    self.lag = lag
  }
}
