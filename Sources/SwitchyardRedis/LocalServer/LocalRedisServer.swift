import Foundation
import Synchronization
import SwitchyardNet

/// A `redis-server` this process starts on a free loopback port with a temporary directory, for
/// tests and benchmarks; ``stop()`` kills it and removes the directory.
///
/// It can be killed and started again on the same port and directory, which is how tests
/// restart Redis under a client and check what its append-only file kept.
package final class LocalRedisServer: Sendable {
  /// The port it listens on, on 127.0.0.1.
  package let port: UInt16
  /// Its working directory, holding the append-only file and its log.
  package let directory: String
  private let arguments: [String]
  private let process = Mutex<Process?>(nil)

  /// Starts a server; `appendOnly` turns on the append-only file, fsynced on every write so that
  /// even a SIGKILL loses nothing acknowledged. `extraArguments` go on its command line.
  package init(appendOnly: Bool = false, extraArguments: [String] = []) throws {
    guard let executable = Self.executable else { throw LocalRedisServerError.notInstalled }
    let listener = try Socket.listen(port: 0)
    port = try listener.localPort()
    listener.close()
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("switchyard-redis-\(getpid())-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    arguments = [
      executable, "--port", String(port), "--bind", "127.0.0.1", "--dir", directory, "--save", "",
      "--appendonly", appendOnly ? "yes" : "no", "--appendfsync", "always", "--logfile", "redis.log",
    ] + extraArguments
    try start()
  }

  /// `redis-server` on PATH, or `nil` when it is not installed.
  package static var executable: String? {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return (paths + ["/usr/sbin", "/usr/bin"]).lazy.map { "\($0)/redis-server" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// The process ID of the running server, `nil` while it is stopped.
  package var pid: Int32? {
    process.withLock { $0.map(\.processIdentifier) }
  }

  /// A client configuration for this server.
  package var configuration: RedisConfiguration {
    RedisConfiguration(host: "127.0.0.1", port: port, connectTimeout: .seconds(2), readTimeout: .seconds(5))
  }

  /// Starts the server (again) and waits until it answers `PING`, for at most 10 seconds.
  package func start() throws {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: arguments[0])
    child.arguments = Array(arguments.dropFirst())
    child.standardInput = FileHandle.nullDevice
    child.standardOutput = FileHandle.nullDevice
    child.standardError = FileHandle.nullDevice
    try child.run()
    process.withLock { $0 = child }
    var probe = configuration
    probe.reconnect = RedisReconnectPolicy(initialDelay: .milliseconds(20), maxDelay: .milliseconds(100), maxAttempts: 120)
    let connection = RedisConnection(configuration: probe)
    defer { connection.close() }
    do {
      try connection.ping()
    } catch {
      kill()
      throw LocalRedisServerError.didNotStart(log: log)
    }
  }

  /// Kills the server with `signal` (SIGKILL by default: a crash) and waits for it to exit.
  package func kill(_ signal: Int32 = SIGKILL) {
    guard let child = process.withLock({ process -> Process? in defer { process = nil }; return process }) else { return }
    if child.isRunning { Foundation.kill(child.processIdentifier, signal) }
    child.waitUntilExit()
  }

  /// Kills the server and removes its directory.
  package func stop() {
    kill()
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// The server's log so far, for a failure message.
  package var log: String {
    (try? String(contentsOfFile: directory + "/redis.log", encoding: .utf8)) ?? "(no log)"
  }

  deinit {
    stop()
  }
}
