import Foundation
import SwitchyardRuntime
import SwitchyardTestSupport

/// `switchyard start --demo --http 127.0.0.1:0` as a child process with its own run directory:
/// the inspector's page and socket at ``url``. ``stop()`` ends it, killing it if it lingers.
///
/// Started as a ``SpawnedProcess``, not Foundation's `Process`: the workers it starts would inherit
/// the socket by which Foundation learns of its exit, and could keep ``shutDown()`` waiting.
final class DemoCoordinator {
  struct Failed: Error, CustomStringConvertible {
    let description: String
  }

  let runDirectory: String
  private(set) var url = ""
  private let process: SpawnedProcess
  private var logPath: String { runDirectory + ".log" }

  /// Starts the demo with `arguments` added, in `runDirectory` (a new one unless named: a demo
  /// started where another stopped recovers its journal), with at most `descriptorLimit` open
  /// files if given, and waits up to 30 s for the inspector's address.
  init(runDirectory: String? = nil, arguments: [String] = [], descriptorLimit: Int? = nil) async throws {
    self.runDirectory = runDirectory ?? "/tmp/sy-inspector-\(getpid())-\(UUID().uuidString.prefix(8))"
    mkdir(self.runDirectory, 0o700)
    let arguments = ["start", "--demo", "--run-dir", self.runDirectory, "--grace-ms", "1000", "--http", "127.0.0.1:0"] + arguments
    if let descriptorLimit {
      // The shell execs the coordinator, so the process (and its pid) is the coordinator's.
      let script = "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\""
      process = try SpawnedProcess.start(
        "/bin/sh", ["-c", script, Self.executable.path] + arguments, outputPath: "/dev/null", errorPath: self.runDirectory + ".log")
    } else {
      process = try SpawnedProcess.start(Self.executable.path, arguments, outputPath: "/dev/null", errorPath: self.runDirectory + ".log")
    }
    let deadline = ContinuousClock.now + .seconds(30)
    while url.isEmpty {
      if let match = log.firstMatch(of: /inspector serving (http:\/\/127\.0\.0\.1:\d+\/\S*)/) {
        url = String(match.1)
      } else {
        guard ContinuousClock.now < deadline, process.isRunning else {
          stop()
          throw Failed(description: "the demo did not serve an inspector within 30 s; its log:\n\(log)")
        }
        try await Task.sleep(for: .milliseconds(50))
      }
    }
  }

  /// The `switchyard` executable beside the test bundle.
  static var executable: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent("switchyard")
  }

  /// What the coordinator wrote to standard error.
  var log: String {
    (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
  }

  /// A client of the control socket, once it accepts connections: the inspector is served first.
  func controlClient(within seconds: Double = 30) async throws -> ControlClient {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while true {
      if let client = try? ControlClient(socketPath: runDirectory + "/control.sock") { return client }
      guard ContinuousClock.now < deadline, process.isRunning else {
        throw Failed(description: "the control socket never accepted a connection; the log:\n\(log)")
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  /// Whether the coordinator still runs.
  var isRunning: Bool { process.isRunning }

  /// The inspector's port.
  var port: UInt16 {
    UInt16(url.split(separator: ":").last?.prefix { $0.isNumber } ?? "") ?? 0
  }

  /// Sends SIGTERM and waits until the coordinator has shut down, its journal closed; keeps its
  /// files, for a demo started in the same run directory.
  func shutDown() async {
    process.send(SIGTERM)
    _ = await process.exitStatus(killingAfter: 15)
  }

  /// Runs `switchyard arguments` to its end within `limit`, as a person at the command line would.
  func command(_ arguments: [String], within limit: Duration = .seconds(30)) async throws -> (status: Int32, output: String) {
    try await PeerScript.run(executable: Self.executable, arguments, within: limit)
  }

  /// Sends SIGTERM, then on a thread of its own kills the coordinator after 30 s and removes its
  /// files: waiting here, on one of the two cooperative threads, would stall every other test.
  /// Files that thread does not live to remove go when the test's process exits.
  func stop() {
    let (process, runDirectory, logPath) = (process, runDirectory, logPath)
    process.send(SIGTERM)
    RemovedAtExit.add(runDirectory)
    RemovedAtExit.add(logPath)
    Thread.detachNewThread {
      if !process.waitForExit(within: 30) { process.kill(waitingUpTo: 10) }
      RemovedAtExit.remove(runDirectory)
      RemovedAtExit.remove(logPath)
    }
  }
}
