#if canImport(Glibc)
import Glibc
#endif
import SwitchyardWire

extension CoordinatorConnection {
  /// This connection, or one to the coordinator that leads when this one stands by (`start --ha`)
  /// and says where the leader's run directory is on this host: so `send`, `scale` and `load`
  /// pointed at either coordinator reach the leader through a failover.
  public func leading() throws(CoordinatorConnectionError) -> CoordinatorConnection {
    guard let ha = try status().highAvailability, ha.role == .standby, let directory = ha.leaderRunDirectory else { return self }
    return try CoordinatorConnection(runDirectory: directory)
  }

  /// The run directory of the coordinator that serves as leader among `candidates`, and its status,
  /// asking each in turn until one does or `timeout` passes: a coordinator started without `--ha`
  /// serves alone; of several that say they lead (one cut off has not noticed yet), the highest
  /// epoch's. A standby that names the leader's run directory adds it to `candidates`, so that
  /// `load` remembers every coordinator it has heard of for the next failover.
  ///
  /// Each is asked with `probeTimeout`, so a stopped coordinator delays the search no longer.
  package static func leader(
    among candidates: inout [String], probeTimeout: Duration = .seconds(1), within timeout: Duration
  ) throws(CoordinatorConnectionError) -> (runDirectory: String, status: StatusReport) {
    let deadline = ContinuousClock.now + timeout
    while true {
      var best: (runDirectory: String, status: StatusReport)?
      var index = 0
      while index < candidates.count {
        let directory = candidates[index]
        index += 1
        guard let status = try? CoordinatorConnection(runDirectory: directory, replyTimeout: probeTimeout).status() else { continue }
        guard let ha = status.highAvailability else { return (directory, status) }
        if ha.role == .standby, let leader = ha.leaderRunDirectory, !candidates.contains(leader) { candidates.append(leader) }
        // A standby that has just won the lease says `leader` before its coordinator journals and serves.
        guard ha.role == .leader, status.journal != nil else { continue }
        if ha.epoch > best?.status.highAvailability?.epoch ?? 0 { best = (directory, status) }
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
