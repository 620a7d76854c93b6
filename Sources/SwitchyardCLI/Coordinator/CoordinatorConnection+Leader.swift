import SwitchyardWire

extension CoordinatorConnection {
  /// This connection, or one to the coordinator that leads when this one stands by (`start --ha`)
  /// and says where the leader's run directory is on this host: so `send`, `scale` and `load`
  /// pointed at either coordinator reach the leader through a failover.
  public func leading() throws(CoordinatorConnectionError) -> CoordinatorConnection {
    guard let ha = try status().highAvailability, ha.role == .standby, let directory = ha.leaderRunDirectory else { return self }
    return try CoordinatorConnection(runDirectory: directory)
  }
}
