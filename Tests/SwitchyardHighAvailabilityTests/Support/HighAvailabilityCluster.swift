import Foundation
import Synchronization
import SwitchyardRedis
import SwitchyardRuntime
import SwitchyardTestSupport
import SwitchyardWire

/// Coordinators started with `--ha` on one `redis-server`, and what a test asks of them: who
/// leads, sends under traffic, and the shared journal's stream as Redis holds it.
final class HighAvailabilityCluster: Sendable {
  let redis: LocalRedisServer
  let leaseMilliseconds: Int
  let name = "hatest"
  private let children = Mutex<[CoordinatorChild]>([])
  private let workers = Mutex<[TestProcess]>([])

  init(leaseMilliseconds: Int = 1_500) throws {
    redis = try LocalRedisServer(appendOnly: true)
    self.leaseMilliseconds = leaseMilliseconds
  }

  /// Starts a coordinator of the probe application with `--ha`, `--fsync always`, its probe pool
  /// local, or remote through the same Redis when `remotePool`, and `arguments` after; named
  /// `hostName` in a namespace of its own when given, as if on another host.
  func start(remotePool: Bool = false, arguments: [String] = [], hostName: String? = nil) throws -> CoordinatorChild {
    let url = "redis://127.0.0.1:\(redis.port)/0"
    let pools = remotePool ? ["--pools", "probe=redis", "--broker", url] : ["--pools", "probe=1"]
    let child = try CoordinatorChild(
      arguments: ["--ha", url, "--name", name, "--ha-lease-ms", "\(leaseMilliseconds)", "--fsync", "always"] + pools + arguments,
      hostName: hostName)
    children.withLock { $0.append(child) }
    return child
  }

  /// Starts `worker probe --broker` on the same Redis and name: a remote worker.
  func startRemoteWorker() throws -> TestProcess {
    let worker = try TestProcess(["worker", "probe", "--broker", "redis://127.0.0.1:\(redis.port)/0", "--name", name])
    workers.withLock { $0.append(worker) }
    return worker
  }

  /// The shared journal's stream, read whole.
  func stream() throws -> [JournalStreamEntry] {
    let connection = RedisConnection(configuration: redis.configuration)
    defer { connection.close() }
    return try FencedJournalStream(connection: connection, layout: HighAvailabilityLayout(coordinator: name)).read(after: 0, count: 1_000_000)
  }

  /// Kills every coordinator and the server, and removes their files.
  func cleanUp() {
    for child in children.withLock({ $0 }) { child.cleanUp() }
    for worker in workers.withLock({ $0 }) { worker.stop() }
    redis.stop()
  }

  /// A probe `start` action named `name` whose job emits one output.
  static func start(_ name: String) -> JSONValue {
    .object(["start": .object(["name": .string(name), "job": .object(["tag": "t", "outputs": 1]), "cancelInFlight": false])])
  }
}

/// Sends numbered actions to one coordinator until a send fails, on a thread of its own, keeping
/// the names of those acknowledged.
final class Traffic: Sendable {
  private let acknowledged = Mutex<[String]>([])
  private let ending = Mutex<String?>(nil)
  private let done = DispatchSemaphore(value: 0)

  /// Starts sending `prefix-1`, `prefix-2`… through the control socket at `socketPath`.
  init(socketPath: String, prefix: String) {
    Thread.detachNewThread { [self] in
      defer { done.signal() }
      do {
        let client = try ControlClient(socketPath: socketPath)
        for number in 1... {
          let name = "\(prefix)-\(number)"
          let reply = try client.request(.send(id: UInt64(number), action: HighAvailabilityCluster.start(name)), timeout: .seconds(30))
          guard case let .sent(id, _) = reply, id == UInt64(number) else {
            ending.withLock { $0 = "\(reply)" }
            return
          }
          acknowledged.withLock { $0.append(name) }
        }
      } catch {
        ending.withLock { $0 = "\(error)" }
      }
    }
  }

  /// Why the sender stopped, once it has.
  var end: String? { ending.withLock { $0 } }

  /// The names acknowledged so far.
  var names: [String] { acknowledged.withLock { $0 } }

  /// Waits for the sender to stop (its coordinator died or refused), at most `seconds`.
  func waitForEnd(within seconds: Double) -> Bool {
    done.wait(timeout: .now() + seconds) == .success
  }
}

/// What the coordinator whose run directory is `runDirectory` says of its role, or `nil` while
/// its socket is down.
func role(_ runDirectory: String) -> HighAvailabilityReport? {
  status(runDirectory)?.highAvailability
}

/// Whether the coordinator whose run directory is `runDirectory` leads and serves: a standby
/// that has just won the lease reports `standby` from its own socket until the coordinator that
/// journals (and so reports its journal) replaces it.
func isServing(_ runDirectory: String) -> Bool {
  guard let report = status(runDirectory) else { return false }
  return report.highAvailability?.role == .leader && report.journal != nil
}

/// The status of the coordinator whose run directory is `runDirectory`, or `nil` while its socket is down.
func status(_ runDirectory: String) -> StatusReport? {
  guard let client = try? ControlClient(socketPath: runDirectory + "/control.sock"),
    case let .statusReport(_, report) = try? client.request(.status(id: 1))
  else { return nil }
  return report
}

/// The names of the runs in the state of the coordinator whose run directory is `runDirectory`.
func runNames(_ runDirectory: String) throws -> Set<String> {
  let client = try ControlClient(socketPath: runDirectory + "/control.sock")
  guard case let .stateSlice(_, _, .object(runs)) = try client.request(.state(id: 1, path: "runs")) else { return [] }
  return Set(runs.keys)
}

/// What `switchyard load --json` printed, as the failover tests read it: the verdict, and its one run.
struct LoadReportJSON {
  /// Effects lost over the run.
  var lostEffects: Int?
  /// The run's fields.
  var run: [String: Any]

  /// The report in `text`; throws when it is not one.
  init(_ text: String) throws {
    let report = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    lostEffects = report["lostEffects"] as? Int
    run = (report["runs"] as? [[String: Any]])?.first ?? [:]
  }

  /// The failovers the load went through: each one's `to`.
  var failedOverTo: [String] { (run["failovers"] as? [[String: Any]] ?? []).compactMap { $0["to"] as? String } }

  /// Round trips of any kind the load completed.
  var roundTrips: Int { (run["roundTrips"] as? [String: [String: Any]] ?? [:]).values.compactMap { $0["count"] as? Int }.reduce(0, +) }

  /// Why, if effects were lost: the effects table and the interrupted steps.
  var lossDetail: String { "effects \(run["effects"] ?? "?"), interrupted \(run["interruptedSteps"] ?? "?")" }
}
