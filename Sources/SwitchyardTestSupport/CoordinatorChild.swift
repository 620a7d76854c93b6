#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SwitchyardRuntime

/// `switchyard start` as a child process of a test, with its own run directory and log, reached
/// through its control socket. Every wait has a deadline; ``cleanUp()`` kills what is left.
///
/// Its waits run on the caller's actor, so a test may keep it in its own isolation.
public final class CoordinatorChild: Sendable {
  /// The coordinator's run directory.
  public let runDirectory: String
  /// The coordinator's process: its pid, whether it runs, how it ended.
  package let process: SpawnedProcess
  private let logPath: String

  /// The control socket's path.
  public var socketPath: String { runDirectory + "/control.sock" }

  /// Starts `switchyard start <arguments> --run-dir <dir> --grace-ms <graceMilliseconds>`, with
  /// at most `descriptorLimit` open files if given and `environment` over the test's own; with a
  /// `hostName`, in a UTS namespace of its own under that name (root only), as if on another host.
  public init(
    arguments: [String],
    runDirectory: String = makeRunDirectory(),
    descriptorLimit: Int? = nil,
    hostName: String? = nil,
    graceMilliseconds: Int = 1_000,
    environment: [String: String] = [:]
  ) throws {
    self.runDirectory = runDirectory
    self.logPath = runDirectory + ".log"
    let arguments = ["start"] + arguments + ["--run-dir", runDirectory, "--grace-ms", "\(graceMilliseconds)"]
    let setUp = (descriptorLimit.map { ["ulimit -n \($0)"] } ?? []) + (hostName.map { ["hostname \($0)"] } ?? [])
    if !setUp.isEmpty {
      // The shell execs the coordinator, so the process (and its pid) is the coordinator's.
      let script = (setUp + ["exec \"$0\" \"$@\""]).joined(separator: " && ")
      let shell = hostName == nil ? ["/bin/sh"] : ["/usr/bin/unshare", "--uts", "/bin/sh"]
      process = try .start(
        shell[0], Array(shell.dropFirst()) + ["-c", script, switchyardExecutable] + arguments, environment: environment,
        outputPath: "/dev/null", errorPath: logPath
      )
    } else {
      process = try .start(switchyardExecutable, arguments, environment: environment, outputPath: "/dev/null", errorPath: logPath)
    }
  }

  /// Starts `switchyard <commandLine>` word for word — a deploy unit's command line, say — whose
  /// `--run-dir` is `runDirectory`.
  public init(commandLine: [String], runDirectory: String) throws {
    self.runDirectory = runDirectory
    self.logPath = runDirectory + ".log"
    process = try .start(switchyardExecutable, commandLine, outputPath: "/dev/null", errorPath: logPath)
  }

  /// What the coordinator wrote to standard error.
  public var log: String {
    (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
  }

  /// Connects once the socket accepts connections.
  nonisolated(nonsending) public func connect(within seconds: Double = 30) async throws -> ControlClient {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while true {
      if let client = try? ControlClient(socketPath: socketPath) { return client }
      guard ContinuousClock.now < deadline, process.isRunning else {
        throw TimedOut(what: "the control socket at \(socketPath); log:\n\(log)")
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  /// Sends SIGTERM and waits for the exit status, killing the process if it takes over `seconds`.
  ///
  /// Thirty seconds by default: an orderly stop drains workers and writes the journal's last
  /// snapshot, whose fsync a loaded disk can hold for seconds.
  nonisolated(nonsending) public func terminate(within seconds: Double = 30) async -> Int32 {
    process.send(SIGTERM)
    return await waitForExit(within: seconds)
  }

  /// Waits for the exit status, killing the process if it takes over `seconds`; -1 if even
  /// SIGKILL did not end it within ten seconds more.
  nonisolated(nonsending) public func waitForExit(within seconds: Double = 30) async -> Int32 {
    await process.exitStatus(killingAfter: seconds)
  }

  /// Kills the coordinator with SIGKILL, as a crash would, and waits up to ten seconds for it to
  /// be reaped; its files stay.
  public func crash() {
    process.kill(waitingUpTo: 10)
  }

  /// Kills the coordinator if it still runs and removes its files: the cleanup of every test.
  public func cleanUp() {
    process.kill(waitingUpTo: 10)
    try? FileManager.default.removeItem(atPath: runDirectory)
    try? FileManager.default.removeItem(atPath: logPath)
  }
}
