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

  /// Where the coordinator that serves as leader among `candidates` is (as
  /// ``init(runDirectory:replyTimeout:)`` takes it), and its status, asking each in turn until one
  /// does or `timeout` passes: a coordinator started without `--ha` serves alone; of several that
  /// say they lead (one cut off has not noticed yet), the highest epoch's. A standby that names
  /// the leader's control address or run directory adds them to `candidates`, so that `load`
  /// remembers every coordinator it has heard of for the next failover.
  ///
  /// Each is asked with `probeTimeout`, so a stopped coordinator delays the search no longer.
  package static func leader(
    among candidates: inout [String], probeTimeout: Duration = .seconds(1), within timeout: Duration
  ) throws(CoordinatorConnectionError) -> (location: String, status: StatusReport) {
    let deadline = ContinuousClock.now + timeout
    while true {
      var best: (location: String, status: StatusReport)?
      var index = 0
      while index < candidates.count {
        let location = candidates[index]
        index += 1
        guard let status = try? CoordinatorConnection(runDirectory: location, replyTimeout: probeTimeout).status() else { continue }
        guard let ha = status.highAvailability else { return (location, status) }
        if ha.role == .standby {
          for named in [ha.leaderControlAddress, ha.leaderRunDirectory].compactMap(\.self) where !candidates.contains(named) {
            candidates.append(named)
          }
        }
        // A standby that has just won the lease says `leader` before its coordinator journals and serves.
        guard ha.role == .leader, status.journal != nil else { continue }
        if ha.epoch > best?.status.highAvailability?.epoch ?? 0 { best = (location, status) }
      }
      if let best { return best }
      guard ContinuousClock.now < deadline else {
        throw .noCoordinator(runDirectory: candidates.joined(separator: ", "))
      }
      usleep(50_000)
    }
  }
}

extension CoordinatorConnectionError {
  /// Whether the coordinator is gone, going, or does not lead, so the leader is to be found again.
  package var isFailover: Bool {
    switch self {
    case .connectionLost, .noCoordinator: true
    case let .refused(code, _): code == .notLeader || code == .shuttingDown
    case .unexpectedReply: false
    }
  }
}
