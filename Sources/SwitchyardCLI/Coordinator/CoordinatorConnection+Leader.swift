import Foundation
import SwitchyardWire

extension CoordinatorConnection {
  /// This connection, or one to the coordinator that leads when this one stands by (`start --ha`):
  /// at the TCP control address the leader advertises (`--control-listen`, with the token in
  /// `SWITCHYARD_CONTROL_TOKEN`), else at its run directory when it runs on this host; so `send`,
  /// `scale` and `load` pointed at any coordinator reach the leader through a failover.
  public func leading() throws(CoordinatorConnectionError) -> CoordinatorConnection {
    guard let ha = try status().highAvailability, ha.role == .standby else { return self }
    if let address = ha.leaderControlAddress {
      let token = ProcessInfo.processInfo.environment["SWITCHYARD_CONTROL_TOKEN"]
      guard let directory = ha.leaderRunDirectory else { return try CoordinatorConnection(address: address, token: token) }
      // On this host the run directory serves as well, should the address not be reachable from here.
      if let leader = try? CoordinatorConnection(address: address, token: token) { return leader }
      return try CoordinatorConnection(runDirectory: directory)
    }
    guard let directory = ha.leaderRunDirectory else { return self }
    return try CoordinatorConnection(runDirectory: directory)
  }
}
