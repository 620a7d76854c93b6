import Foundation
import SwitchyardHighAvailability
import SwitchyardJournal
import SwitchyardNet
import SwitchyardRedis
import SwitchyardRuntime
import SwitchyardWire

/// `start --ha`: the journal through Redis against the local journal alone, and how long a
/// standby takes to serve after the leader is killed. Both start their own `redis-server`, with
/// `appendfsync always`, on a free loopback port.
enum HighAvailabilityBenchmarks {
  static func cases(launch: WorkerLaunch) -> [BenchmarkCase] {
    [journalThroughRedis, failover(launch: launch)]
  }

  /// Sixteen senders each waiting for its record before sending the next, as
  /// `journal.append.always.16-appenders`, on the local journal and then copied to Redis.
  static let journalThroughRedis = BenchmarkCase(
    name: "ha.journal.always.16-appenders",
    summary: "actions journaled per second under always, copied to Redis (appendfsync always), 16 appenders",
    target: .atLeastPerSecond(2_000)
  ) { harness in
    let each = harness.mode == .full ? 500 : 10
    let server = try LocalRedisServer(appendOnly: true)
    defer { server.stop() }
    let local = try await appendRate(each: each, replication: nil)
    let node = HighAvailabilityNode(
      configuration: HighAvailabilityConfiguration(redis: server.configuration, coordinator: "bench", holder: "bench"))
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let leadership = try node.standByUntilLeading(directory: directory, journalOptions: JournalOptions(), log: { _ in })
    defer { leadership.keeper.stop(release: true) }
    let shared = try await appendRate(each: each, replication: leadership.replication)
    return BenchmarkMeasurement(
      value: shared,
      unit: .perSecond,
      note: "\(16 * each) appends; the local journal alone: \(BenchmarkUnit.perSecond.format(local)) "
        + "(Redis at \(String(format: "%.0f", shared / local * 100)) % of it)"
    )
  }

  /// Appends per second from 16 tasks on a journal of its own under `always`, copied by `replication`.
  @MainActor
  private static func appendRate(each: Int, replication: (any JournalReplication)?) async throws -> Double {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let journal = try Journal.open(directory: directory, options: JournalOptions(durability: .always, replication: replication)) { _ in }
    defer { journal.close() }
    return try await JournalBenchmarks.appendRate(journal, appenders: 16, each: each)
  }

  /// Two `start --ha` coordinators: the leader killed with SIGKILL, timed until the standby
  /// answers a `send` with `sent`; then the killed one starts again as the next standby.
  static func failover(launch: WorkerLaunch) -> BenchmarkCase {
    BenchmarkCase(
      name: "ha.failover",
      summary: "SIGKILL of the leader to the first send the standby serves (lease 2 s)",
      target: .atMostNanoseconds(4_000_000_000)
    ) { harness in
      let rounds = harness.mode == .full ? 10 : 2
      let server = try LocalRedisServer(appendOnly: true)
      defer { server.stop() }
      let root = temporaryDirectory()
      defer { try? FileManager.default.removeItem(atPath: root) }
      let lease = 2_000
      func start(_ name: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: launch.executable)
        process.arguments = [
          "start", "--ha", "redis://127.0.0.1:\(server.port)/0", "--name", "bench", "--ha-lease-ms", "\(lease)",
          "--fsync", "always", "--pools", "probe=1", "--run-dir", "\(root)/\(name)",
        ]
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try SpawningThread.start(process)
        return process
      }
      var running = ["a": try start("a")]
      defer { for process in running.values where process.isRunning { kill(process.processIdentifier, SIGKILL) } }
      var leader = "a"
      try await waitUntil(role: .leader, of: "\(root)/a", within: .seconds(60))
      running["b"] = try start("b")
      try await waitUntil(role: .standby, of: "\(root)/b", within: .seconds(60))
      var times: [Double] = []
      for round in 0..<rounds {
        let standby = leader == "a" ? "b" : "a"
        try await waitUntil(lag: 0, of: "\(root)/\(standby)", within: .seconds(30))
        let killed = ContinuousClock.now
        kill(running[leader]!.processIdentifier, SIGKILL)
        running[leader]!.waitUntilExit()
        try await waitUntilServing("\(root)/\(standby)", round: round, within: .seconds(30))
        times.append((ContinuousClock.now - killed).nanoseconds)
        running[leader] = try start(leader)
        try await waitUntil(role: .standby, of: "\(root)/\(leader)", within: .seconds(60))
        leader = standby
      }
      return BenchmarkMeasurement(BenchmarkSample(perBatch: times, operationsPerBatch: 1), note: "median of \(times.count) failovers, lease \(lease) ms")
    }
  }

  /// Waits until the coordinator in `runDirectory` reports `role`.
  private static func waitUntil(role: HighAvailabilityRole, of runDirectory: String, within limit: Duration) async throws {
    try await poll(within: limit, "\(runDirectory) to be \(role)") { status(runDirectory)?.role == role }
  }

  /// Waits until the coordinator in `runDirectory` lags by `lag` records at most.
  private static func waitUntil(lag: UInt64, of runDirectory: String, within limit: Duration) async throws {
    try await poll(within: limit, "\(runDirectory) to catch up") { (status(runDirectory)?.lag ?? .max) <= lag }
  }

  /// Waits until the coordinator in `runDirectory` answers a send with `sent`.
  private static func waitUntilServing(_ runDirectory: String, round: Int, within limit: Duration) async throws {
    let action: JSONValue = .object([
      "start": .object(["name": .string("failover-\(round)"), "job": .object(["tag": "t", "outputs": 1]), "cancelInFlight": false])
    ])
    try await poll(within: limit, "\(runDirectory) to serve a send") {
      guard let client = try? ControlClient(socketPath: runDirectory + "/control.sock") else { return false }
      guard case .sent = try? client.request(.send(id: 1, action: action)) else { return false }
      return true
    }
  }

  private static func status(_ runDirectory: String) -> HighAvailabilityReport? {
    guard let client = try? ControlClient(socketPath: runDirectory + "/control.sock"),
      case let .statusReport(_, report) = try? client.request(.status(id: 1))
    else { return nil }
    return report.highAvailability
  }

  /// Checks `condition` every 5 ms for at most `limit`. The checks are blocking socket requests,
  /// so they run on a thread of their own: on the main actor they would hold up every other
  /// main-actor task of the process (the test runner's, when a test runs this case).
  private static func poll(within limit: Duration, _ what: String, _ condition: @escaping @Sendable () -> Bool) async throws {
    let met: Bool = await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        let deadline = ContinuousClock.now + limit
        while !condition() {
          guard ContinuousClock.now < deadline else { return continuation.resume(returning: false) }
          Thread.sleep(forTimeInterval: 0.005)
        }
        continuation.resume(returning: true)
      }
    }
    guard met else { throw HighAvailabilityBenchmarkError.timedOut(what) }
  }

  private static func temporaryDirectory() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-bench-ha-\(UUID().uuidString.prefix(8))").path
  }
}

/// Why a high-availability case could not measure.
enum HighAvailabilityBenchmarkError: Error, CustomStringConvertible {
  /// A coordinator did not get where the case waited for it to.
  case timedOut(String)

  var description: String {
    switch self {
    case let .timedOut(what): "Timed out waiting for \(what); run the coordinators by hand with --ha to see their logs."
    }
  }
}
