import Foundation
import SwitchyardRuntime

/// A coordinator this process started for itself (`load --spawn`), in a fresh temporary run
/// directory, with its log beside it; ``stop()`` shuts it down and removes both.
///
/// It is started with `--parent`, so it shuts down when this process exits in any way, SIGKILL
/// included. The kernel signals it when the *thread* that started it exits, so it is started from
/// the main thread, which lives as long as the process.
@MainActor
package final class SpawnedCoordinator {
  /// The run directory it serves.
  package let runDirectory: String
  /// Where its standard error goes.
  package let logPath: String
  private let directory: String
  private let process = Process()

  /// The coordinator's process id.
  package var pid: Int32 { process.processIdentifier }

  /// Runs `<this executable> start <arguments> --run-dir <temporary> --parent <this process>` and
  /// waits until every pool has its workers ready.
  package init(arguments: [String], pools: [PoolSize]) async throws {
    directory = NSTemporaryDirectory() + "switchyard-load-\(getpid())-\(UUID().uuidString.prefix(6))"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    runDirectory = directory + "/run"
    logPath = directory + "/coordinator.log"
    _ = FileManager.default.createFile(atPath: logPath, contents: nil)
    process.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    let poolArguments = pools.isEmpty ? [] : ["--pools", PoolSize.list(pools)]
    process.arguments = ["start"] + arguments + poolArguments
      + ["--run-dir", runDirectory, "--grace-ms", "1000", "--parent", "\(getpid())"]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle(forWritingAtPath: logPath)
    try process.run()
    do {
      try await waitUntilReady()
    } catch {
      stop()
      throw error
    }
  }

  private func waitUntilReady() async throws {
    let deadline = ContinuousClock.now + .seconds(20)
    while true {
      if let report = try? CoordinatorConnection(runDirectory: runDirectory).status(), report.isEveryPoolReady { return }
      guard process.isRunning else { throw LoadError.coordinatorExited(log: log) }
      guard ContinuousClock.now < deadline else { throw LoadError.poolsNotReady(log) }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  /// What the coordinator has written to its standard error.
  package var log: String {
    (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
  }

  /// Stops the coordinator (SIGTERM, then SIGKILL after five seconds) and removes its directory.
  package func stop() {
    if process.isRunning { process.terminate() }
    if !process.waitForExit(within: 5) { process.kill(waitingUpTo: 10) }
    try? FileManager.default.removeItem(atPath: directory)
  }
}
