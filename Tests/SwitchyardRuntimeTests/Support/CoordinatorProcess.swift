import Foundation
import Testing
import SwitchyardWire
@testable import SwitchyardRuntime

/// `switchyard start` as a child process of the test, with its own run directory.
final class CoordinatorProcess {
  let runDirectory: String
  let process = Process()
  private let logPath: String

  var socketPath: String { runDirectory + "/" + RunDirectory.socketName }

  /// Starts `switchyard start --pools <pools> --run-dir <dir>`, with at most `descriptorLimit`
  /// open files if given.
  init(pools: String = "probe=2", runDirectory: String = makeRunDirectory(), descriptorLimit: Int? = nil) throws {
    self.runDirectory = runDirectory
    self.logPath = runDirectory + ".log"
    _ = FileManager.default.createFile(atPath: logPath, contents: nil)
    let arguments = ["start", "--pools", pools, "--run-dir", runDirectory, "--grace-ms", "1000"]
    if let descriptorLimit {
      // The shell execs the coordinator, so the process (and its pid) is the coordinator's.
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\"", switchyardExecutable] + arguments
    } else {
      process.executableURL = URL(fileURLWithPath: switchyardExecutable)
      process.arguments = arguments
    }
    process.standardError = FileHandle(forWritingAtPath: logPath)
    process.standardOutput = FileHandle.nullDevice
    try process.run()
  }

  /// What the coordinator wrote to standard error.
  var log: String {
    (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
  }

  /// Connects once the socket accepts connections.
  @MainActor
  func connect(within seconds: Double = 10) async throws -> ControlClient {
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
  @MainActor
  func terminate(within seconds: Double = 10) async -> Int32 {
    process.terminate()
    return await waitForExit(within: seconds)
  }

  /// Waits for the exit status, killing the process if it takes over `seconds`.
  @MainActor
  func waitForExit(within seconds: Double = 10) async -> Int32 {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while process.isRunning, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(10))
    }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Kills the coordinator if it still runs and removes its files: the cleanup of every test.
  func cleanUp() {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(atPath: runDirectory)
    try? FileManager.default.removeItem(atPath: logPath)
  }
}

extension ControlClient {
  /// The coordinator's status, or a test failure.
  func status() throws -> StatusReport {
    guard case let .statusReport(_, report) = try request(.status(id: 1)) else {
      throw TimedOut(what: "a status report")
    }
    return report
  }
}
