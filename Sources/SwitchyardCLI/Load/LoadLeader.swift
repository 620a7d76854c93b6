import Synchronization
import SwitchyardWire

/// The coordinator a load drives, followed through failovers (`start --ha`): the users and the
/// driver share it, and when one loses its coordinator or is told `notLeader`, the leader is
/// found again among every coordinator heard of (``CoordinatorConnection/leader(among:probeTimeout:within:)``).
///
/// It keeps each leader's counters from when the load reached it (its baseline) to the last seen,
/// so that the load's totals add up across leaders.
final class LoadLeader: Sendable {
  /// One coordinator's time as the load's leader.
  struct Term: Sendable {
    /// Where it is: its run directory or TCP control address.
    var location: String
    /// Its status when the load reached it.
    var baseline: StatusReport
    /// Its status when last asked.
    var latest: StatusReport
  }

  private struct State {
    var candidates: [String]
    var terms: [Term]
    var failovers: [LoadFailover] = []
  }

  private let state: Mutex<State>
  private let replyTimeout: Duration
  /// How long a leader is looked for before the search gives up.
  let searchTimeout: Duration
  private let startedAt: ContinuousClock.Instant

  /// Finds the leader from `runDirectory` (which may be a standby's), waiting up to `searchTimeout`;
  /// connections to it wait `replyTimeout` for replies.
  init(runDirectory: String, replyTimeout: Duration, searchTimeout: Duration) throws(CoordinatorConnectionError) {
    var candidates = [runDirectory]
    let (location, status) = try CoordinatorConnection.leader(among: &candidates, within: searchTimeout)
    state = Mutex(State(candidates: candidates, terms: [Term(location: location, baseline: status, latest: status)]))
    self.replyTimeout = replyTimeout
    self.searchTimeout = searchTimeout
    startedAt = .now
  }

  /// Whether `error` means the leader is to be found again: the coordinator gone, going or not
  /// leading, or, started with `--ha`, its journal refused, as it is for a leader whose lease
  /// passed on (Redis refuses its writes) until it steps down.
  func isFailover(_ error: CoordinatorConnectionError) -> Bool {
    guard !error.isFailover else { return true }
    guard case let .refused(code, _) = error, code == .journalFailed else { return false }
    return state.withLock { $0.terms[0].baseline.highAvailability != nil }
  }

  /// Each leader's term, the current one last.
  var terms: [Term] { state.withLock { $0.terms } }

  /// The failovers the load went through.
  var failovers: [LoadFailover] { state.withLock { $0.failovers } }

  /// A new connection to the current leader, and the number of its term (from 0).
  func connect() throws(CoordinatorConnectionError) -> (connection: CoordinatorConnection, term: Int) {
    let (location, term) = state.withLock { ($0.terms[$0.terms.count - 1].location, $0.terms.count - 1) }
    return (try CoordinatorConnection(runDirectory: location, replyTimeout: replyTimeout), term)
  }

  /// A connection to the leader after the one at `failed` (its ``CoordinatorConnection/runDirectory``,
  /// which is its address for a TCP connection) was lost or refused as not leading: the
  /// current one if someone already found it, else the one found now; with the number of its term,
  /// which tells whether there was a failover.
  func reconnect(after failed: String) throws(CoordinatorConnectionError) -> (connection: CoordinatorConnection, term: Int) {
    let lostAt = ContinuousClock.now
    let (location, term) = try state.withLock { state throws(CoordinatorConnectionError) -> (String, Int) in
      let current = state.terms[state.terms.count - 1].location
      if current != failed, let _ = try? CoordinatorConnection(runDirectory: current, replyTimeout: replyTimeout).status() {
        return (current, state.terms.count - 1)
      }
      let (found, status) = try CoordinatorConnection.leader(among: &state.candidates, within: searchTimeout)
      if found != current || status.coordinator.pid != state.terms[state.terms.count - 1].latest.coordinator.pid {
        state.failovers.append(
          LoadFailover(
            from: current, to: found, atSecond: (lostAt - startedAt) / .seconds(1),
            withoutLeaderSeconds: (ContinuousClock.now - lostAt) / .seconds(1)))
        state.terms.append(Term(location: found, baseline: status, latest: status))
      }
      return (found, state.terms.count - 1)
    }
    return (try CoordinatorConnection(runDirectory: location, replyTimeout: replyTimeout), term)
  }

  /// Asks the current leader for its status and keeps it as its term's latest; `nil` when it does
  /// not answer (a failover, which the users notice).
  @discardableResult
  func refresh() -> StatusReport? {
    guard let status = try? connect().connection.status() else { return nil }
    state.withLock { state in
      if state.terms[state.terms.count - 1].latest.coordinator.pid == status.coordinator.pid {
        state.terms[state.terms.count - 1].latest = status
      }
    }
    return status
  }
}

/// One failover a load went through: the leader it lost, the one it found, and when.
package struct LoadFailover: Equatable, Sendable, Encodable {
  /// The lost leader: its run directory, or its TCP control address.
  package var from: String
  /// The new leader: its run directory, or its TCP control address.
  package var to: String
  /// When the first user lost the leader, in seconds from the start.
  package var atSecond: Double
  /// How long the search for the new leader took.
  package var withoutLeaderSeconds: Double
}
