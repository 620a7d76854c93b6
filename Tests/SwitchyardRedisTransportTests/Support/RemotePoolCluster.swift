#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SwitchyardDiagnostics
import SwitchyardRedis
import SwitchyardRuntime
import SwitchyardTestSupport
import SwitchyardWire

/// A real `redis-server`, a coordinator whose `probe` pool is remote, and `switchyard worker probe
/// --broker` processes reading its stream: several hosts' worth of processes on loopback.
/// ``cleanUp()`` kills every process it started and removes their files.
final class RemotePoolCluster {
  let redis: LocalRedisServer
  let coordinator: CoordinatorChild
  let client: ControlClient
  let probe: ProbeClient
  let name = "test\(getpid())"
  private(set) var workers: [SpawnedProcess] = []
  private var workerLogs: [String] = []
  private let claimIdleMillis: Int
  private let concurrency: Int
  /// The file holding Redis's password, which the coordinator and every worker read; `nil` for none.
  let passwordFile: String?
  /// The coordinator's arguments, for a test that starts another in its place.
  let coordinatorArguments: [String]

  var brokerURL: String { "redis://127.0.0.1:\(redis.port)/0" }

  /// Starts Redis (with an append-only file if asked, requiring `password` if given, which every
  /// process reads from a file), a coordinator with `probe=redis:N` and `workers` remote workers.
  init(
    workers count: Int, inFlight: Int = 64, claimIdleMillis: Int = 1500, concurrency: Int = 64, appendOnly: Bool = false,
    password: String? = nil
  ) async throws {
    try await TestPeer.redisServer.require()
    self.claimIdleMillis = claimIdleMillis
    self.concurrency = concurrency
    passwordFile = try password.map { password in
      let path = uniqueTemporaryPath("redis-password")
      try Data((password + "\n").utf8).write(to: URL(fileURLWithPath: path))
      return path
    }
    redis = try LocalRedisServer(appendOnly: appendOnly, password: password)
    coordinatorArguments = [
      "--pools", "probe=redis:\(inFlight)", "--broker", "redis://127.0.0.1:\(redis.port)/0", "--name", name,
    ] + (passwordFile.map { ["--broker-password-file", $0] } ?? [])
    do {
      coordinator = try CoordinatorChild(arguments: coordinatorArguments)
      client = try await coordinator.connect()
      // Said at once: a test may spend seconds filling Redis before its first request, past the
      // coordinator's 5 s deadline for a new client's first message.
      _ = try client.request(.hello(Hello(role: "client", pid: getpid())))
      probe = ProbeClient(client)
    } catch {
      redis.stop()
      if let passwordFile { try? FileManager.default.removeItem(atPath: passwordFile) }
      throw error
    }
    for _ in 0..<count { try startWorker() }
  }

  /// Starts one more remote worker, with `arguments` added to its command line.
  ///
  /// Not with Foundation's `Process`, whose per-child socket a worker started meanwhile from
  /// another thread could inherit, or the Redis started beside it.
  func startWorker(_ arguments: [String] = []) throws {
    let log = coordinator.runDirectory + ".worker\(workers.count).log"
    let process = try SpawnedProcess.start(
      switchyardExecutable,
      [
        "worker", "probe", "--broker", brokerURL, "--name", name, "--claim-idle-ms", String(claimIdleMillis),
        "--concurrency", String(concurrency),
      ] + (passwordFile.map { ["--broker-password-file", $0] } ?? []) + arguments,
      outputPath: "/dev/null",
      errorPath: log
    )
    workerLogs.append(log)
    workers.append(process)
  }

  /// What the coordinator and every worker wrote to standard error.
  var log: String {
    ([coordinator.log] + workerLogs.map { (try? String(contentsOfFile: $0, encoding: .utf8)) ?? "" }).joined(separator: "\n")
  }

  /// Sends a `ProbeFeature` action as JSON.
  func send(_ action: JSONValue) throws {
    try probe.send(action)
  }

  /// Starts the probe run `name` with `job`.
  func start(_ name: String, _ job: ProbeJob) throws {
    try probe.start(name, job)
  }

  /// The probe run `name` as the coordinator's state holds it, or `nil`.
  func run(_ name: String) throws -> ProbeRun? {
    try probe.run(name)
  }

  /// Waits until the run `name` satisfies `condition`, returning it.
  func wait(for name: String, within seconds: Double = 60, until condition: (ProbeRun) -> Bool) async throws -> ProbeRun {
    try await probe.wait(for: name, within: seconds, log: { self.log }, until: condition)
  }

  /// The remote worker (the `--broker` process, whose handlers run in it) with `pid`.
  func worker(_ pid: Int32) -> SpawnedProcess? {
    workers.first { $0.pid == pid }
  }

  /// Kills every process it started and removes their files.
  func cleanUp() {
    for worker in workers { worker.kill(waitingUpTo: 10) }
    coordinator.cleanUp()
    redis.stop()
    for log in workerLogs { try? FileManager.default.removeItem(atPath: log) }
    if let passwordFile { try? FileManager.default.removeItem(atPath: passwordFile) }
  }

  /// The job stream as `status` shows it, read on a connection of the test's own.
  func backlog() throws -> StreamBacklog {
    let connection = RedisConnection(configuration: redis.configuration)
    defer { connection.close() }
    return try StreamQueue(layout: StreamLayout(coordinator: name), connection: connection).backlog(of: "probe")
  }

  /// Waits until `condition` holds, checking every 20 ms.
  func eventually(_ what: String, within seconds: Double = 60, _ condition: () throws -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while try !condition() {
      guard ContinuousClock.now < deadline else { throw TimedOut(what: "\(what); log:\n\(log.suffix(3000))") }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

}
