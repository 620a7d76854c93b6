import Foundation
import Testing

/// The `switchyard` executable built next to this test bundle.
let switchyardExecutable: String = {
  let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
  var directory = testBinary.deletingLastPathComponent()
  while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("switchyard").path),
    directory.pathComponents.count > 1
  {
    directory.deleteLastPathComponent()
  }
  return directory.appendingPathComponent("switchyard").path
}()

/// An error thrown when a bounded wait runs out.
struct TimedOut: Error, CustomStringConvertible {
  let what: String
  var description: String { "Timed out waiting for \(what)." }
}

/// A `switchyard` process started by a test, its output going to files so that nothing blocks on
/// a full pipe; killed and reaped by ``stop()``, which every test calls in a `defer`.
final class SwitchyardProcess {
  let arguments: [String]
  private let process = Process()
  private let outputPath: String
  private let errorPath: String

  init(_ arguments: [String], environment: [String: String] = [:], executable: String = switchyardExecutable) throws {
    self.arguments = arguments
    let base = NSTemporaryDirectory() + "sy-cli-\(getpid())-\(UUID().uuidString.prefix(8))"
    outputPath = base + ".out"
    errorPath = base + ".err"
    _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle(forWritingAtPath: outputPath)
    process.standardError = FileHandle(forWritingAtPath: errorPath)
    try process.run()
  }

  var pid: Int32 { process.processIdentifier }
  var isRunning: Bool { process.isRunning }
  var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
  var errorOutput: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

  /// Waits for the process to exit by itself within `seconds`, and returns its status.
  @MainActor
  func exitStatus(within seconds: Double) async throws -> Int32 {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while process.isRunning {
      guard ContinuousClock.now < deadline else { throw TimedOut(what: "'switchyard \(arguments.joined(separator: " "))' to exit") }
      try await Task.sleep(for: .milliseconds(10))
    }
    return process.terminationStatus
  }

  /// Waits until the standard output satisfies `condition`, for at most `seconds`.
  @MainActor
  func waitForOutput(_ what: String, within seconds: Double = 10, _ condition: (String) -> Bool) async throws {
    try await waitFor(\.output, what, within: seconds, condition)
  }

  /// Waits until the standard error satisfies `condition`, for at most `seconds`.
  @MainActor
  func waitForErrorOutput(_ what: String, within seconds: Double = 10, _ condition: (String) -> Bool) async throws {
    try await waitFor(\.errorOutput, what, within: seconds, condition)
  }

  @MainActor
  private func waitFor(
    _ stream: KeyPath<SwitchyardProcess, String>,
    _ what: String,
    within seconds: Double,
    _ condition: (String) -> Bool
  ) async throws {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !condition(self[keyPath: stream]) {
      guard ContinuousClock.now < deadline else { throw TimedOut(what: "\(what); so far:\n\(self[keyPath: stream])") }
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  /// Asks the process to stop with SIGTERM, kills it if it takes over `seconds`, and returns
  /// its exit status.
  @MainActor
  func terminate(within seconds: Double = 5) async -> Int32 {
    if process.isRunning { process.terminate() }
    if (try? await exitStatus(within: seconds)) == nil { stop() }
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Kills the process if it still runs, reaps it, and removes its output files.
  func stop() {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    try? FileManager.default.removeItem(atPath: outputPath)
    try? FileManager.default.removeItem(atPath: errorPath)
  }
}

/// What a finished `switchyard` command printed and how it exited.
struct CommandResult {
  var status: Int32
  var output: String
  var errorOutput: String
}

/// Runs `switchyard arguments…` to completion, within `seconds`.
@MainActor
func switchyard(_ arguments: String..., environment: [String: String] = [:], within seconds: Double = 20) async throws
  -> CommandResult
{
  try await switchyard(args: arguments, environment: environment, within: seconds)
}

/// Runs `switchyard` with an array of arguments to completion, within `seconds`.
@MainActor
func switchyard(args arguments: [String], environment: [String: String] = [:], within seconds: Double = 20) async throws
  -> CommandResult
{
  let process = try SwitchyardProcess(arguments, environment: environment)
  defer { process.stop() }
  let status = try await process.exitStatus(within: seconds)
  return CommandResult(status: status, output: process.output, errorOutput: process.errorOutput)
}
