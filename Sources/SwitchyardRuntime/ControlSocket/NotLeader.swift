/// A send or scale refused by a coordinator that stands by (`start --ha`): only the leader
/// takes them. Clients get it as ``ControlErrorCode/notLeader``.
public struct NotLeader: Error, CustomStringConvertible {
  /// The leader as its lease names it (host/pid), or `nil` when no one leads yet.
  public var leader: String?

  /// Creates the refusal.
  public init(leader: String?) {
    self.leader = leader
  }

  public var description: String {
    guard let leader else {
      return "This coordinator stands by and no coordinator leads yet; try again within the lease's length."
    }
    return "This coordinator stands by; \(leader) leads. Send to the leader (the switchyard CLI follows it: status shows its run directory, and its TCP address when it serves --control-listen)."
  }
}
