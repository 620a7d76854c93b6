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
  /// The password it requires (`--requirepass`), or `nil` for none.
  package let password: String?
  private let arguments: [String]
  private let process = Mutex<Process?>(nil)

  /// Starts a server; `appendOnly` turns on the append-only file, fsynced on every write so that
  /// even a SIGKILL loses nothing acknowledged. With a `password`, clients must authenticate.
  /// `extraArguments` go on its command line.
  package init(appendOnly: Bool = false, password: String? = nil, extraArguments: [String] = []) throws {
    guard let executable = Self.executable else { throw LocalRedisServerError.notInstalled }
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("switchyard-redis-\(getpid())-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    self.directory = directory
    let arguments = [
      executable, "--bind", "127.0.0.1", "--dir", directory, "--save", "",
      "--appendonly", appendOnly ? "yes" : "no", "--appendfsync", "always", "--logfile", "redis.log",
    ] + (password.map { ["--requirepass", $0] } ?? []) + extraArguments
    let (port, child) = try Self.launchOnAFreePort(arguments, password: password, directory: directory)
    self.port = port
    self.password = password
    self.arguments = arguments
    process.withLock { $0 = child }
  }

  /// Launches the server on a free port. A free port is found by binding it and letting it go,
  /// so another process may take it before the server binds it: then the server answering is
  /// not the one started, and it is started again on another port.
  private static func launchOnAFreePort(_ arguments: [String], password: String?, directory: String) throws -> (UInt16, Process) {
    for attempt in 1...5 {
      let listener = try Socket.listen(port: 0)
      let port = try listener.localPort()
      listener.close()
      do throws(LocalRedisServerError) {
        return (port, try launch(arguments, port: port, password: password, directory: directory))
      } catch {
        guard case .portTaken = error, attempt < 5 else { throw error }
      }
    }
    throw LocalRedisServerError.portTaken(0)
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
    RedisConfiguration(host: "127.0.0.1", port: port, password: password, connectTimeout: .seconds(2), readTimeout: .seconds(5))
  }

  /// Starts the server (again) and waits until it answers `PING`, for at most 10 seconds.
  package func start() throws {
    let child = try Self.launch(arguments, port: port, password: password, directory: directory)
    process.withLock { $0 = child }
  }

  /// Runs `redis-server` with `arguments` and waits until it answers on `port`, checking that
  /// the server answering is this one (`INFO server`'s `process_id`), not another that took the
  /// port first.
  private static func launch(
    _ arguments: [String], port: UInt16, password: String?, directory: String
  ) throws(LocalRedisServerError) -> Process {
    // What the log held before, so that only this server's lines are read for why it stopped.
    let logged = log(in: directory).count
    let child = Process()
    child.executableURL = URL(fileURLWithPath: arguments[0])
    child.arguments = ["--port", String(port)] + arguments.dropFirst()
    child.standardInput = FileHandle.nullDevice
    child.standardOutput = FileHandle.nullDevice
    child.standardError = FileHandle.nullDevice
    do {
      // Killed with this process, however it ends: a crashed test run leaves no server behind.
      try SpawningThread.start(child)
    } catch {
      throw .didNotStart(log: "\(error)")
    }
    let info = try serverInfo(of: child, port: port, password: password, directory: directory, logged: logged)
    guard info.contains("process_id:\(child.processIdentifier)\r\n") else {
      stop(child)
      throw .portTaken(port)
    }
    return child
  }

  /// `INFO server` from whatever answers on `port`, once something does, within 10 seconds.
  ///
  /// Asked in short rounds, looking between them at whether `child` still runs: a server that
  /// could not bind the port (another process took it, and answers no `PING`) exits at once, and
  /// is then started again on another port rather than waited for.
  private static func serverInfo(
    of child: Process,
    port: UInt16,
    password: String?,
    directory: String,
    logged: Int
  ) throws(LocalRedisServerError) -> String {
    // A local server answers at once; something else on the port may never answer at all.
    var probe = RedisConfiguration(host: "127.0.0.1", port: port, password: password, connectTimeout: .seconds(2), readTimeout: .seconds(2))
    probe.reconnect = RedisReconnectPolicy(initialDelay: .milliseconds(20), maxDelay: .milliseconds(20), maxAttempts: 5)
    let deadline = ContinuousClock.now + .seconds(10)
    while true {
      let connection = RedisConnection(configuration: probe)
      defer { connection.close() }
      do {
        try connection.ping()
        return try connection.send(RedisCommand("INFO", "server")).string ?? ""
      } catch {
        if !child.isRunning {
          waitForExit(child)
          let log = log(in: directory)
          throw log.dropFirst(logged).contains("Address already in use") ? .portTaken(port) : .didNotStart(log: log)
        }
        guard ContinuousClock.now < deadline else {
          stop(child)
          throw .didNotStart(log: log(in: directory))
        }
      }
    }
  }

  private static func stop(_ child: Process) {
    if child.isRunning { Foundation.kill(child.processIdentifier, SIGKILL) }
    waitForExit(child)
  }

  /// Waits up to ten seconds for `child` to be reaped, sleeping between looks: Foundation's
  /// `waitUntilExit()` spins the calling thread on Linux (an empty run loop returns at once).
  private static func waitForExit(_ child: Process) {
    let deadline = ContinuousClock.now + .seconds(10)
    while child.isRunning, ContinuousClock.now < deadline { usleep(2_000) }
  }

  /// Kills the server with `signal` (SIGKILL by default: a crash) and waits for it to exit.
  package func kill(_ signal: Int32 = SIGKILL) {
    guard let child = process.withLock({ process -> Process? in defer { process = nil }; return process }) else { return }
    if child.isRunning { Foundation.kill(child.processIdentifier, signal) }
    Self.waitForExit(child)
  }

  /// Kills the server and removes its directory, at once and again once it has exited, waiting for
  /// that on a thread of its own: a test's cleanup then holds none of the few threads every test
  /// shares. Removed at once too, as a process that ends right after its last test ends that thread
  /// with it: two directories were left by every full run.
  package func stop() {
    let child = process.withLock { process -> Process? in defer { process = nil }; return process }
    if let child, child.isRunning { Foundation.kill(child.processIdentifier, SIGKILL) }
    let directory = directory
    try? FileManager.default.removeItem(atPath: directory)
    Thread.detachNewThread {
      if let child { Self.waitForExit(child) }
      // Again: a file the server wrote as it was killed.
      try? FileManager.default.removeItem(atPath: directory)
    }
  }

  /// The server's log so far, for a failure message.
  package var log: String {
    Self.log(in: directory)
  }

  private static func log(in directory: String) -> String {
    (try? String(contentsOfFile: directory + "/redis.log", encoding: .utf8)) ?? "(no log)"
  }

  deinit {
    stop()
  }
}
