#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SwitchyardDiagnostics
import SwitchyardTestSupport
import SwitchyardWire
import Testing
@testable import SwitchyardRuntime

/// Mutated requests to every TCP listener of one real journaling `switchyard start` — the control
/// listener with `--control-token`, the inspector's HTTP and WebSocket with `--http-token`, and
/// `/metrics` with `--metrics-token` — with slow, silent and half-closed clients and a connection
/// cap's worth of them besides: it never exits, every answer is well-formed (a status line that
/// parses, a WebSocket close with a code the protocol allows, a control reply or typed error), no
/// request without the token is served, a well-behaved client of each listener is served
/// throughout, no descriptor is left behind, and the journal replays (`switchyard verify`).
///
/// `SWITCHYARD_FUZZ_SEED=N` replays a run's requests (each client's, not how they interleave);
/// `SWITCHYARD_NET_FUZZ_REQUESTS=N` fuzzes longer, by hand, with as much more time.
@Suite(.serialized)
struct MutatedNetworkRequestFuzzTests {
  /// Stop after this many requests or this long, whichever comes first, over four clients: one
  /// per listener and one for the inspector's WebSocket.
  static let requestTarget = ProcessInfo.processInfo.environment["SWITCHYARD_NET_FUZZ_REQUESTS"].flatMap { Int($0) } ?? 2_000
  static let stormSeconds = 40.0 * max(1, Double(requestTarget) / 2_000)
  /// Sent whatever the time, a quarter by each client.
  static let requestFloor = 400
  /// Silent clients opened against each listener past its 256-connection cap.
  static let flood = 256 + 16
  static let controlToken = "ctl-s3cret"
  static let httpToken = "insp-s3cret"
  static let metricsToken = "met-s3cret"

  @Test func mutatedRequestsToEveryTCPListenerNeverCrashTheCoordinatorNorGetServedWithoutTheToken() async throws {
    let seed = ProcessInfo.processInfo.environment["SWITCHYARD_FUZZ_SEED"].flatMap { UInt64($0) } ?? .random(in: 0...UInt64.max)
    print("network fuzz: seed \(seed) (SWITCHYARD_FUZZ_SEED=\(seed) replays it)")
    let coordinator = try CoordinatorProcess(arguments: [
      "--pools", "probe=1", "--fsync", "batch", "--control-listen", "127.0.0.1:0", "--control-token", Self.controlToken,
      "--http", "127.0.0.1:0", "--http-token", Self.httpToken, "--metrics", "127.0.0.1:0", "--metrics-token", Self.metricsToken,
    ])
    defer { coordinator.cleanUp() }
    let (control, inspector, metrics) = (FuzzTally(), FuzzTally(), FuzzTally())
    let slow = try await withTimeout(Self.stormSeconds + 150, "the network fuzz") { () async throws -> SlowClients? in
      _ = try await coordinator.connect()
      let log: @Sendable () -> String = { coordinator.log }
      let controlPort = try await announcedPort(after: "control protocol served at tcp://127.0.0.1:", in: log)
      let page = HTTPFuzzListener.inspector(port: try await announcedPort(after: "inspector serving http://127.0.0.1:", in: log), token: Self.httpToken)
      let scrape = HTTPFuzzListener.metrics(port: try await announcedPort(after: "metrics at http://127.0.0.1:", in: log), token: Self.metricsToken)
      MutatedControlRequestFuzzTests.yieldToOtherTests(coordinator.process.pid)
      let pid = coordinator.process.pid
      let descriptorsBefore = Self.openDescriptors(pid)
      let started = ContinuousClock.now
      async let wellBehavedControl: Void = offThread { WellBehavedNetworkClients.control(port: controlPort, token: Self.controlToken, tally: control) }
      async let wellBehavedHTTP: Void = offThread {
        WellBehavedNetworkClients.pageAndScrape(inspector: page, metrics: scrape, inspectorTally: inspector, metricsTally: metrics)
      }
      async let liveStream: Void = WellBehavedNetworkClients.stream(port: page.port, token: Self.httpToken, tally: inspector)
      async let slowClients = offThread {
        MutatedControlRequestFuzzTests.yieldToOtherTests()
        var clients = SlowClients()
        clients.openAll(control: controlPort, inspector: page.port, metrics: scrape.port, controlToken: Self.controlToken, flood: Self.flood)
        clients.run(within: .seconds(40))
        return clients
      }
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await Self.storm(started: started, tally: control) { Self.control(port: controlPort, seed: seed, tally: $0) } }
        group.addTask { try await Self.storm(started: started, tally: inspector) { Self.http(page, seed: seed, tally: $0) } }
        group.addTask { try await Self.storm(started: started, tally: inspector) { Self.webSocket(page, seed: seed, tally: $0) } }
        group.addTask { try await Self.storm(started: started, tally: metrics) { Self.http(scrape, seed: seed, tally: $0) } }
        try await group.waitForAll()
      }
      let slow = try await slowClients
      for tally in [control, inspector, metrics] { tally.stormOver.store(true, ordering: .relaxed) }
      _ = try await (wellBehavedControl, wellBehavedHTTP)
      await liveStream
      let stormTook = started.duration(to: .now)
      guard coordinator.process.isRunning else {
        let status = await coordinator.waitForExit(within: 10)
        Issue.record("the coordinator exited during the storm (status or signal \(status), seed \(seed)); log:\n\(coordinator.log.suffix(6_000))")
        return nil
      }
      let runs = try await offThread { try Self.afterTheStorm(socketPath: coordinator.socketPath) }
      let intruders = runs.filter { $0.hasPrefix("intruder") }
      #expect(intruders.isEmpty, "actions of clients without the token were taken: \(intruders.prefix(10))")
      // Every connection closed, every worker the fuzz scaled away gone: the descriptors are back.
      try await eventually("the coordinator's descriptors back near the \(descriptorsBefore) it had before the storm", within: 30) {
        Self.openDescriptors(pid) <= descriptorsBefore + 4
      }
      print("network fuzz: storm took \(stormTook); descriptors \(descriptorsBefore) before, \(Self.openDescriptors(pid)) after")
      print("network fuzz: control over TCP: \(control.summary)")
      print("network fuzz: inspector: \(inspector.summary)")
      print("network fuzz: metrics: \(metrics.summary)")
      print("network fuzz: slow clients: \(slow.summary)")
      return slow
    }
    guard let slow else { return }
    for (name, tally) in [("control", control), ("inspector", inspector), ("metrics", metrics)] {
      #expect(tally.problems.isEmpty, "\(name): \(tally.problems.count) problems (seed \(seed)):\n\(tally.problems.prefix(20).joined(separator: "\n"))")
    }
    #expect(slow.problems.isEmpty, "slow clients (seed \(seed)):\n\(slow.problems.prefix(20).joined(separator: "\n"))")
    #expect(slow.evictions > 0, "no control client was evicted at the cap: \(slow.summary)")
    let sent = control.requests + inspector.requests + metrics.requests
    #expect(sent >= Self.requestFloor, "the fuzz sent only \(sent) requests")

    #expect(await coordinator.terminate() == 0, "the coordinator did not stop cleanly; log:\n\(coordinator.log.suffix(4_000))")
    let verified = try await switchyard("verify", "--run-dir", coordinator.runDirectory, within: 60)
    #expect(verified.status == 0, "verify failed (seed \(seed)):\n\(verified.errorOutput.suffix(4_000))")
    let workers = control.workerPIDs
    try await eventually("the coordinator's workers to be gone", within: 30) { workers.allSatisfy { !processExists($0) } }
  }

  /// One client's storm on a thread of its own: the connections `lane` makes, each returning how
  /// many requests it sent, until its share of the target or the time runs out, and its share of
  /// the floor is sent.
  static func storm(started: ContinuousClock.Instant, tally: FuzzTally, lane: @escaping @Sendable (FuzzTally) -> () -> Int) async throws {
    try await offThread {
      MutatedControlRequestFuzzTests.yieldToOtherTests()
      let connect = lane(tally)
      var sent = 0
      while sent < requestTarget / 4, sent < requestFloor / 4 || started.duration(to: .now) < .seconds(stormSeconds), tally.problems.count < 20 {
        sent += connect()
      }
    }
  }

  static func openDescriptors(_ pid: pid_t) -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd"))?.count ?? 0
  }

  /// After the storm, over the Unix socket: the pool back to one probe worker, which still runs a
  /// client's action to its end; returns the names of every run the state holds.
  static func afterTheStorm(socketPath: String) throws -> [String] {
    let client = try ControlClient(socketPath: socketPath)
    let scaled = try client.request(.scale(id: 1, pools: ["probe": 1]), timeout: .seconds(30))
    guard case .scaled = scaled else { throw TimedOut(what: "scaled, got \(scaled)") }
    let sent = try client.request(.send(id: 2, action: MutatedControlRequestFuzzTests.startAction("after")), timeout: .seconds(30))
    guard case .sent = sent else { throw TimedOut(what: "sent, got \(sent)") }
    var runs: [String] = []
    try waitUntil {
      guard case let .stateSlice(_, _, .object(fields)) = try client.request(.state(id: 3, path: "runs"), timeout: .seconds(30)) else { return false }
      runs = Array(fields.keys)
      guard let after = fields["after"] else { return false }
      return try WireJSONDecoder().decode(ProbeRun.self, from: after).outcome == .finished
    }
    return runs
  }
}
