import Foundation
import SwitchyardRedis
import SwitchyardRuntime
import SwitchyardTestSupport
import SwitchyardWire
import Testing

/// Two `switchyard start --ha` coordinators and a redis-server on 127.0.0.1: the leader is killed
/// or stopped under traffic, and the standby takes over with everything acknowledged.
@Suite(.serialized, .onAThreadOfItsOwn, .timeLimit(.minutes(2)), TestPeer.redisServer.trait) struct LoopbackFailoverTests {
  static let metricsAt = "metrics at http://127.0.0.1:"

  /// Every port `log` names after `marker`, in order.
  static func ports(after marker: String, in log: String) -> [UInt16?] {
    log.components(separatedBy: marker).dropFirst().map { UInt16($0.prefix { $0.isNumber }) }
  }

  /// Waits for `child`'s log to contain `text`.
  private func waitForLog(_ child: CoordinatorChild, _ text: String, within seconds: Double = 30) async throws {
    try await eventually("'\(text)' in the log", within: seconds) { child.log.contains(text) }
  }

  /// Waits until `child` leads, returning how long that took.
  @discardableResult
  private func waitUntilLeading(_ child: CoordinatorChild, within seconds: Double = 30) async throws -> Duration {
    let started = ContinuousClock.now
    try await eventually("the coordinator leading", within: seconds) { isServing(child.runDirectory) }
    return ContinuousClock.now - started
  }

  /// Checks that the stream's epochs never go back: no entry of an old leader after a new one's.
  private func expectEpochsOnlyGrow(_ entries: [JournalStreamEntry]) {
    let epochs = entries.map(\.epoch)
    #expect(epochs == epochs.sorted(), "an old leader wrote after a newer one: \(epochs)")
    #expect(zip(entries, entries.dropFirst()).allSatisfy { $0.last + 1 == $1.first }, "the stream has a gap")
  }

  /// Starts a leader (with `leaderArguments`), then a standby.
  private func leaderAndStandby(
    _ cluster: HighAvailabilityCluster, leaderArguments: [String] = []
  ) async throws -> (CoordinatorChild, CoordinatorChild) {
    let first = try cluster.start(arguments: leaderArguments)
    try await waitUntilLeading(first)
    let second = try cluster.start()
    try await waitForLog(second, "stands by")
    return (first, second)
  }

  /// Starts a leader (with `leaderArguments`), then a standby, and traffic to the leader with 20
  /// sends acknowledged.
  private func leaderAndStandbyUnderTraffic(
    _ cluster: HighAvailabilityCluster, leaderArguments: [String] = []
  ) async throws -> (CoordinatorChild, CoordinatorChild, Traffic) {
    let (first, second) = try await leaderAndStandby(cluster, leaderArguments: leaderArguments)
    let traffic = Traffic(socketPath: first.socketPath, prefix: "a")
    try await eventually("20 acknowledged sends") { traffic.names.count >= 20 || traffic.end != nil }
    try #require(traffic.end == nil, "the first sends ended: \(traffic.end ?? "")")
    return (first, second, traffic)
  }

  @Test func aStandbyTakesOverFromAKilledLeaderWithEveryAcknowledgedSend() async throws {
    let cluster = try HighAvailabilityCluster()
    defer { cluster.cleanUp() }
    let (first, second, traffic) = try await leaderAndStandbyUnderTraffic(cluster)
    // The standby serves its replica read-only, shows its lag, and refuses sends naming the leader.
    // It logs "stands by" a turn before its report names the leader: on a loaded machine the
    // sends above can come first.
    try await eventually("the standby's report naming a leader") { role(second.runDirectory)?.leader != nil }
    let standby = try #require(role(second.runDirectory))
    #expect(standby.role == .standby && standby.epoch == 1 && standby.leader?.contains("/\(first.process.pid) ") == true)
    try await eventually("the replica holding the first 20 sends") { (try? runNames(second.runDirectory))?.count ?? 0 >= 20 }
    // Its copy names the application, so `history` there replays it with the right reducer.
    #expect(FileManager.default.fileExists(atPath: second.runDirectory + "/data/APPLICATION"))
    let refused = try ControlClient(socketPath: second.socketPath).request(.send(id: 1, action: HighAvailabilityCluster.start("x")))
    guard case .error(1, .notLeader, _) = refused else { Issue.record("the standby answered \(refused)"); return }
    // `switchyard send` given the standby's run directory goes to the leader on this host.
    #expect(role(second.runDirectory)?.leaderRunDirectory == URL(fileURLWithPath: first.runDirectory).standardizedFileURL.path)
    let redirected = try await switchyard("send", "--run-dir", second.runDirectory, #"{"start":{"name":"via-standby","job":{"tag":"t","outputs":1},"cancelInFlight":false}}"#)
    #expect(redirected.status == 0 && redirected.output.hasPrefix("sent: journal sequence "), "\(redirected.errorOutput)")
    let probe = FirstServedSend(socketPath: second.socketPath, name: "takeover")
    let timing = try await TakeoverTiming.signal(SIGKILL, to: first, in: cluster)
    first.crash()
    #expect(try await offThread { traffic.waitForEnd(within: 30) })
    let acknowledged = traffic.names

    #expect(try await probe.wait(within: 30), "the standby never served a send")
    try await waitUntilLeading(second, within: 30)
    let failover = try timing.takeover(probe, in: cluster)
    #expect(failover <= TakeoverTiming.bound(leaseMilliseconds: cluster.leaseMilliseconds), "served \(failover) after the lease ran out")
    #expect(role(second.runDirectory)?.epoch == 2)
    let names = try runNames(second.runDirectory)
    #expect(Set(acknowledged + ["via-standby"]).isSubset(of: names), "lost: \(Set(acknowledged).subtracting(names).sorted())")
    // Effects in flight at the kill are made again, as after a crash: none stays running for ever.
    try await eventually("every acknowledged run ending on the new leader", within: 20) {
      guard case let .stateSlice(_, _, .object(runs))? = try? ControlClient(socketPath: second.socketPath).request(.state(id: 1, path: "runs"))
      else { return false }
      return acknowledged.allSatisfy { runs[$0]?[dottedPath: "outcome"] != "running" }
    }

    let after = Traffic(socketPath: second.socketPath, prefix: "b")
    try await eventually("the new leader serving sends") { after.names.count >= 5 }
    let entries = try cluster.stream()
    expectEpochsOnlyGrow(entries)
    #expect(Set(entries.map(\.epoch)) == [1, 2])
    #expect(await second.terminate() == 0)
  }

  @Test func loadPointedAtTheStandbyGoesOnThroughAKilledLeaderLosingNoEffect() async throws {
    let cluster = try HighAvailabilityCluster()
    defer { cluster.cleanUp() }
    let (first, second) = try await leaderAndStandby(cluster)
    // Runs until stopped (SIGINT) once it has gone on with the new leader, however slowly it starts.
    let load = try TestProcess(["load", "--scenario", "probe", "--run-dir", second.runDirectory, "--users", "4", "--duration", "600", "--json"])
    defer { load.stop() }
    try await eventually("the load under way on the leader", within: 60) { (status(first.runDirectory)?.coordinator.actionsTotal ?? 0) >= 50 }
    first.crash()
    try await waitUntilLeading(second, within: 30)
    let atTakeover = status(second.runDirectory)?.coordinator.actionsTotal ?? 0
    try await eventually("the load going on with the new leader", within: 60) {
      (status(second.runDirectory)?.coordinator.actionsTotal ?? 0) >= atTakeover + 50
    }
    kill(load.pid, SIGINT)
    let exit = try await load.exitStatus(within: 60)
    let report = try LoadReportJSON(load.output)
    #expect(exit == 0, "\(load.errorOutput)")
    #expect(report.lostEffects == 0, "\(report.lossDetail)")
    #expect(report.failedOverTo == [second.runDirectory], "\(report.run["failovers"] ?? "?")")
    #expect(report.roundTrips > 0)
  }

  @Test func aLeaderStoppedPastItsLeaseStepsDownWhenResumedAndNeverWritesAgain() async throws {
    let cluster = try HighAvailabilityCluster()
    defer { cluster.cleanUp() }
    let (first, second, traffic) = try await leaderAndStandbyUnderTraffic(
      cluster, leaderArguments: ["--metrics", "127.0.0.1:0", "--http", "127.0.0.1:0"])
    let metricsPort = try await announcedPort(after: Self.metricsAt) { first.log }
    let probe = FirstServedSend(socketPath: second.socketPath, name: "takeover")
    let timing = try await TakeoverTiming.signal(SIGSTOP, to: first, in: cluster)
    let acknowledgedBefore = traffic.names
    #expect(try await probe.wait(within: 30), "the standby never served a send")
    try await waitUntilLeading(second, within: 30)
    let failover = try timing.takeover(probe, in: cluster)
    #expect(failover <= TakeoverTiming.bound(leaseMilliseconds: cluster.leaseMilliseconds), "served \(failover) after the lease ran out")
    let headAtTakeover = try cluster.stream().last?.last ?? 0

    // Resumed, the old leader still has sends in hand; none of them may reach the journal.
    first.process.send(SIGCONT)
    try await waitForLog(first, "stepping down to standby")
    try await waitForLog(first, "stands by: epoch 2")
    try await eventually("the old leader standing by") { role(first.runDirectory)?.role == .standby }
    // Handed on across its `exec`, the ports it picked for `--metrics …:0` and `--http …:0` are
    // the standby's too; the page and the inspector took turns on the second.
    #expect(Self.ports(after: Self.metricsAt, in: first.log) == [metricsPort, metricsPort], "\(first.log)")
    let pages = Self.ports(after: "inspector serving http://127.0.0.1:", in: first.log)
    #expect(pages.count == 3 && Set(pages).count == 1, "standby, leader, standby again: \(pages)")
    #expect(try await offThread { traffic.waitForEnd(within: 30) })
    let names = try runNames(second.runDirectory)
    #expect(Set(acknowledgedBefore).isSubset(of: names))
    let entries = try cluster.stream()
    expectEpochsOnlyGrow(entries)
    #expect(entries.filter { $0.epoch == 1 }.allSatisfy { $0.last <= headAtTakeover })
    #expect(Set(traffic.names).isSubset(of: names), "a send the old leader acknowledged after resuming is missing")
    #expect(await second.terminate() == 0)
  }

  @Test func aRemoteWorkerFollowsTheNewLeaderWithNoRestart() async throws {
    let cluster = try HighAvailabilityCluster()
    defer { cluster.cleanUp() }
    let first = try cluster.start(remotePool: true)
    try await waitUntilLeading(first)
    let second = try cluster.start(remotePool: true)
    try await waitForLog(second, "stands by")
    let worker = try cluster.startRemoteWorker()

    let client = try ControlClient(socketPath: first.socketPath)
    let before = try client.request(.send(id: 1, action: HighAvailabilityCluster.start("before")))
    #expect({ if case .sent(id: 1, sequence: _?) = before { true } else { false } }(), "\(before)")
    try await eventually("the remote worker finishing a job for the first leader") {
      (try? ControlClient(socketPath: first.socketPath).request(.state(id: 1, path: "runs.before.outcome")))
        == .stateSlice(id: 1, path: "runs.before.outcome", value: "finished")
    }
    first.crash()
    try await waitUntilLeading(second, within: 30)
    let again = try ControlClient(socketPath: second.socketPath)
    let after = try again.request(.send(id: 2, action: HighAvailabilityCluster.start("after")))
    #expect({ if case .sent(id: 2, sequence: _?) = after { true } else { false } }(), "\(after)")
    try await eventually("the same worker finishing a job for the new leader", within: 20) {
      (try? ControlClient(socketPath: second.socketPath).request(.state(id: 1, path: "runs.after.outcome")))
        == .stateSlice(id: 1, path: "runs.after.outcome", value: "finished")
    }
    #expect(worker.isRunning, "the worker was not restarted")
    #expect(await second.terminate() == 0)
  }

  @Test func aStandbyStopsInOrderOnSIGTERMAndTheLeaderServesOn() async throws {
    let cluster = try HighAvailabilityCluster()
    defer { cluster.cleanUp() }
    let (first, second) = try await leaderAndStandby(cluster)
    #expect(FileManager.default.fileExists(atPath: second.socketPath))
    #expect(await second.terminate() == 0, "\(second.log)")
    #expect(second.log.contains("stops standing by"))
    #expect(!FileManager.default.fileExists(atPath: second.socketPath), "the standby left its control socket behind")
    // The lease stayed with the leader, which never noticed.
    #expect(role(first.runDirectory)?.role == .leader && role(first.runDirectory)?.epoch == 1)
    #expect(await first.terminate() == 0)
  }
}
