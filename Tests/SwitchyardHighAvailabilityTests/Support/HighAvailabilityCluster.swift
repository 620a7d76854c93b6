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

  init(leaseMilliseconds: Int = 1_500) throws {
    redis = try LocalRedisServer(appendOnly: true)
    self.leaseMilliseconds = leaseMilliseconds
  }

  /// Starts a coordinator of the probe application with `--ha`, `--fsync always`.
  func start(host: String = "127.0.0.1", port: UInt16? = nil) throws -> CoordinatorChild {
    let child = try CoordinatorChild(arguments: arguments(host: host, port: port))
    children.withLock { $0.append(child) }
    return child
  }

  /// `start`'s arguments for a coordinator that reaches Redis at `host`.
  func arguments(host: String = "127.0.0.1", port: UInt16? = nil) -> [String] {
    [
      "--ha", "redis://\(host):\(port ?? redis.port)/0", "--name", name, "--ha-lease-ms", "\(leaseMilliseconds)",
      "--fsync", "always", "--pools", "probe=1",
    ]
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
  private let done = DispatchSemaphore(value: 0)

  /// Starts sending `prefix-1`, `prefix-2`… through the control socket at `socketPath`.
  init(socketPath: String, prefix: String) {
    Thread.detachNewThread { [self] in
      defer { done.signal() }
      guard let client = try? ControlClient(socketPath: socketPath) else { return }
      for number in 1... {
        let name = "\(prefix)-\(number)"
        guard (try? client.request(.send(id: UInt64(number), action: HighAvailabilityCluster.start(name)), timeout: .seconds(30)))
          == .sent(id: UInt64(number))
        else { return }
        acknowledged.withLock { $0.append(name) }
      }
    }
  }

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
  guard let client = try? ControlClient(socketPath: runDirectory + "/control.sock"),
    case let .statusReport(_, report) = try? client.request(.status(id: 1))
  else { return nil }
  return report.highAvailability
}

/// The names of the runs in the state of the coordinator whose run directory is `runDirectory`.
func runNames(_ runDirectory: String) throws -> Set<String> {
  let client = try ControlClient(socketPath: runDirectory + "/control.sock")
  guard case let .stateSlice(_, _, .object(runs)) = try client.request(.state(id: 1, path: "runs")) else { return [] }
  return Set(runs.keys)
}
