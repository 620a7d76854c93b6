import Foundation
import SwitchyardNet
import SwitchyardRuntime
import SwitchyardTestSupport
import SwitchyardWire
import Testing

/// Clients follow a standby to the leader over TCP (`--control-listen`): two `start --ha`
/// coordinators on 127.0.0.1, each in a UTS namespace of its own so that each sees the other on
/// another host, and `switchyard send` pointed at the standby's run directory or its TCP address,
/// before and after a failover.
@Suite(
  .serialized, .onAThreadOfItsOwn, .timeLimit(.minutes(2)), TestPeer.redisServer.trait,
  .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"), "needs root for a UTS namespace")
)
struct LeaderFollowingTests {
  static let token = "s3cret-control-token"

  /// Starts a coordinator named `host`, serving the control protocol with the token on a loopback
  /// port it picks, and returns it with that port, as its log names it: a port chosen before the
  /// start could be taken by another test by the time the coordinator binds it.
  private func start(_ cluster: HighAvailabilityCluster, host: String) async throws -> (CoordinatorChild, UInt16) {
    let coordinator = try cluster.start(arguments: ["--control-listen", "127.0.0.1:0", "--control-token", Self.token], hostName: host)
    return (coordinator, try await announcedPort(after: "control protocol served at tcp://127.0.0.1:") { coordinator.log })
  }

  /// Runs `switchyard send` given `runDirectory`, with the token in the environment unless `token` is `nil`.
  private func send(_ name: String, to runDirectory: String, token: String? = token) async throws -> CommandResult {
    let action = #"{"start":{"name":"\#(name)","job":{"tag":"t","outputs":1},"cancelInFlight":false}}"#
    return try await switchyard(
      "send", "--run-dir", runDirectory, action, environment: token.map { ["SWITCHYARD_CONTROL_TOKEN": $0] } ?? [:])
  }

  /// What the coordinator serving TCP at `port` reports of itself, asked over TCP.
  private func statusOverTCP(_ port: UInt16) -> StatusReport? {
    guard let client = try? ControlClient(address: "tcp://127.0.0.1:\(port)", token: Self.token),
      case let .statusReport(_, report)? = try? client.request(.status(id: 1))
    else { return nil }
    return report
  }

  /// How many times `port` refused a connection, tried every 10 ms until `done` holds (30 s at most).
  private func refusals(at port: UInt16, until done: () -> Bool) async throws -> Int {
    var refused = 0
    let deadline = ContinuousClock.now + .seconds(30)
    while !done() {
      try #require(ContinuousClock.now < deadline, "the wait for the coordinator ran out")
      if let socket = try? Socket.connect(host: "127.0.0.1", port: port, deadline: .now + .seconds(1)) {
        socket.close()
      } else {
        refused += 1
      }
      try await Task.sleep(for: .milliseconds(10))
    }
    return refused
  }

  /// The journal sequence a `send` printed.
  private func sequence(_ result: CommandResult) -> UInt64? {
    guard result.status == 0, result.output.hasPrefix("sent: journal sequence ") else { return nil }
    return UInt64(result.output.dropFirst("sent: journal sequence ".count).trimmingCharacters(in: .whitespacesAndNewlines))
  }

  @Test func aSendToTheStandbyIsAppliedByALeaderOnAnotherHostBeforeAndAfterAFailover() async throws {
    let cluster = try HighAvailabilityCluster()
    defer { cluster.cleanUp() }
    let (first, portA) = try await start(cluster, host: "host-a")
    // Until the coordinator that leads replaces it, the socket of one that won the lease says standby.
    var claimedToLead: [StatusReport] = []
    try await eventually("the first coordinator leading", within: 30) {
      guard let client = try? ControlClient(socketPath: first.socketPath),
        case let .statusReport(_, report)? = try? client.request(.status(id: 1))
      else { return false }
      if report.highAvailability?.role == .leader, report.journal == nil { claimedToLead.append(report) }
      return report.highAvailability?.role == .leader && report.journal != nil
    }
    #expect(claimedToLead.isEmpty, "a socket that was not the leader's said leader: \(claimedToLead)")
    let (second, portB) = try await start(cluster, host: "host-b")
    try await eventually("the second standing by, naming the leader", within: 30) { role(second.runDirectory)?.leader != nil }

    // The standby names the leader's TCP address, and no run directory: the leader is on another host.
    let standby = try #require(role(second.runDirectory))
    #expect(standby.role == .standby && standby.leaderControlAddress == "tcp://127.0.0.1:\(portA)" && standby.leaderRunDirectory == nil)
    // The listener takes no request before a hello with the token.
    #expect(throws: ControlClientError.self) { try ControlClient(address: "tcp://127.0.0.1:\(portA)", token: "wrong") }
    let unauthorized = try await send("no-token", to: second.runDirectory, token: nil)
    #expect(unauthorized.status != 0 && unauthorized.errorOutput.contains("token"), "\(unauthorized.output)\(unauthorized.errorOutput)")

    let before = try await send("via-standby", to: second.runDirectory)
    let acknowledged = try #require(sequence(before), "\(before.output)\(before.errorOutput)")
    #expect(try runNames(first.runDirectory).contains("via-standby"))
    // The sequence is the leader's: the standby's copy reaches the same record.
    try await eventually("the standby copying the send") { (role(second.runDirectory)?.appliedSequence ?? 0) >= acknowledged }

    first.crash()
    try await eventually("the second leading", within: 30) { isServing(second.runDirectory) }
    let after = try await send("after-failover", to: second.runDirectory)
    #expect(sequence(after).map { $0 > acknowledged } == true, "\(after.output)\(after.errorOutput)")
    // The old leader back as a standby: the same command line pointed at it reaches the new leader.
    let (again, _) = try await start(cluster, host: "host-a")
    try await eventually("the first back as a standby", within: 30) {
      role(again.runDirectory)?.leaderControlAddress == "tcp://127.0.0.1:\(portB)"
    }
    let viaOld = try await send("via-old-leader", to: again.runDirectory)
    #expect(sequence(viaOld) != nil, "\(viaOld.output)\(viaOld.errorOutput)")
    #expect(try runNames(second.runDirectory).isSuperset(of: ["via-standby", "after-failover", "via-old-leader"]))
    #expect(await second.terminate() == 0)
  }

  @Test func eitherTCPAddressReachesTheLeaderAndAPortStaysOpenThroughPromotionAndDemotion() async throws {
    let cluster = try HighAvailabilityCluster()
    defer { cluster.cleanUp() }
    let (first, portA) = try await start(cluster, host: "host-a")
    try await eventually("the first coordinator leading", within: 30) { isServing(first.runDirectory) }
    let (second, portB) = try await start(cluster, host: "host-b")
    try await eventually("the second standing by, naming the leader", within: 30) { role(second.runDirectory)?.leader != nil }

    // The standby serves its TCP address too: status as a standby, naming the leader's address.
    let standbyStatus = try #require(statusOverTCP(portB))
    let standby = try #require(standbyStatus.highAvailability)
    #expect(standby.role == .standby && standby.leaderControlAddress == "tcp://127.0.0.1:\(portA)")
    #expect(standbyStatus.coordinator.controlAddress == "tcp://127.0.0.1:\(portB)", "the standby names its own address")
    let shown = try await switchyard("status", "--run-dir", "tcp://127.0.0.1:\(portB)", environment: ["SWITCHYARD_CONTROL_TOKEN": Self.token])
    #expect(shown.status == 0 && shown.output.contains("standby"), "\(shown.output)\(shown.errorOutput)")
    let viaStandby = try await send("via-standby-port", to: "tcp://127.0.0.1:\(portB)")
    let acknowledged = try #require(sequence(viaStandby), "\(viaStandby.output)\(viaStandby.errorOutput)")
    #expect(try runNames(first.runDirectory).contains("via-standby-port"))

    // Promoted, the standby's coordinator serves the port it already listened on: never refused.
    first.crash()
    let refusedWhilePromoted = try await refusals(at: portB) { isServing(second.runDirectory) }
    #expect(refusedWhilePromoted == 0, "the port refused \(refusedWhilePromoted) connections during the takeover")
    #expect(statusOverTCP(portB)?.highAvailability?.role == .leader)
    let direct = try await send("to-the-leader-port", to: "tcp://127.0.0.1:\(portB)")
    #expect(sequence(direct).map { $0 > acknowledged } == true, "\(direct.output)\(direct.errorOutput)")

    // Deposed (stopped past its lease while the first's host leads again), it starts over as a
    // standby with the same port open, and redirects again.
    let (again, portAgain) = try await start(cluster, host: "host-a")
    try await eventually("the first back as a standby", within: 30) { role(again.runDirectory)?.role == .standby }
    second.process.send(SIGSTOP)
    try await eventually("the first leading again", within: 30) { isServing(again.runDirectory) }
    second.process.send(SIGCONT)
    let refusedWhileDemoted = try await refusals(at: portB) {
      second.log.contains("stepping down to standby")
        && statusOverTCP(portB)?.highAvailability?.leaderControlAddress == "tcp://127.0.0.1:\(portAgain)"
    }
    #expect(refusedWhileDemoted == 0, "the port refused \(refusedWhileDemoted) connections while its coordinator stepped down")
    let viaDemoted = try await send("via-demoted-port", to: "tcp://127.0.0.1:\(portB)")
    #expect(sequence(viaDemoted) != nil, "\(viaDemoted.output)\(viaDemoted.errorOutput)")
    #expect(try runNames(again.runDirectory).isSuperset(of: ["via-standby-port", "to-the-leader-port", "via-demoted-port"]))
    #expect(await again.terminate() == 0)
  }
}
