#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SwitchyardRuntime

/// A process a test starts, its output going to files so that nothing blocks on a full pipe;
/// every test calls ``stop()`` in a `defer`, which kills and reaps it if it still runs.
public final class TestProcess: Sendable {
  /// The command line, for messages.
  public let description: String
  private let process: SpawnedProcess
  private let outputPath: String
  private let errorPath: String

  /// Starts `executable arguments…` (the `switchyard` beside the test bundle unless named), with
  /// `environment` added to the test's own, in `directory`.
  public init(
    _ arguments: [String],
    environment: [String: String] = [:],
    executable: String = switchyardExecutable,
    in directory: String? = nil
  ) throws {
    description = ([executable] + arguments).joined(separator: " ")
    let base = uniqueTemporaryPath("proc")
    outputPath = base + ".out"
    errorPath = base + ".err"
    do {
      process = try SpawnedProcess.start(
        executable,
        arguments,
        environment: environment,
        in: directory,
        outputPath: outputPath,
        errorPath: errorPath
      )
    } catch {
      try? FileManager.default.removeItem(atPath: outputPath)
      try? FileManager.default.removeItem(atPath: errorPath)
      throw error
    }
  }

  /// The process's id.
  public var pid: Int32 { process.pid }
  /// Whether it has not exited yet.
  public var isRunning: Bool { process.isRunning }
  /// What it wrote to standard output so far.
  public var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
  /// What it wrote to standard error so far.
  public var errorOutput: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

  /// The exit status once the process exits by itself within `seconds`.
  ///
  /// Past the limit the process is interrupted (SIGINT lets `swift build` stop its compilers),
  /// then killed, and this throws with the end of its standard error.
  nonisolated(nonsending) public func exitStatus(within seconds: Double) async throws -> Int32 {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while process.isRunning {
      guard ContinuousClock.now < deadline else {
        process.send(SIGINT)
        await process.exited(within: 10)
        stop()
        throw TimedOut(what: "'\(description)' to exit within \(seconds) s; its errors:\n\(errorOutput.suffix(4_000))")
      }
      try await Task.sleep(for: .milliseconds(10))
    }
    return process.terminationStatus
  }

  /// Waits until the standard output satisfies `condition`, for at most `seconds`.
  nonisolated(nonsending) public func waitForOutput(
    _ what: String,
    within seconds: Double = 30,
    _ condition: (String) -> Bool
  ) async throws {
    try await waitFor(\.output, what, within: seconds, condition)
  }

  /// Waits until the standard error satisfies `condition`, for at most `seconds`.
  nonisolated(nonsending) public func waitForErrorOutput(
    _ what: String,
    within seconds: Double = 30,
    _ condition: (String) -> Bool
  ) async throws {
    try await waitFor(\.errorOutput, what, within: seconds, condition)
  }

  nonisolated(nonsending) private func waitFor(
    _ stream: KeyPath<TestProcess, String>,
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
  /// its exit status (-1 if even SIGKILL did not end it within ten seconds more).
  nonisolated(nonsending) public func terminate(within seconds: Double = 30) async -> Int32 {
    process.send(SIGTERM)
    return await process.exitStatus(killingAfter: seconds)
  }

  /// Kills the process if it still runs, waits up to ten seconds for it to be reaped, and removes
  /// its output files.
  public func stop() {
    process.kill(waitingUpTo: 10)
    removeOutputFiles()
  }

  // A test that let its process exit by itself, and never stopped it, leaves no files behind.
  deinit {
    removeOutputFiles()
  }

  private func removeOutputFiles() {
    try? FileManager.default.removeItem(atPath: outputPath)
    try? FileManager.default.removeItem(atPath: errorPath)
  }
}

/// What a finished command printed and how it exited.
public struct CommandResult: Sendable {
  /// The exit status.
  public var status: Int32
  /// Everything it wrote to standard output.
  public var output: String
  /// Everything it wrote to standard error.
  public var errorOutput: String
}

/// Runs `executable arguments…` (the `switchyard` beside the test bundle unless named) to
/// completion within `seconds`.
nonisolated(nonsending) public func runToExit(
  _ arguments: [String],
  environment: [String: String] = [:],
  executable: String = switchyardExecutable,
  in directory: String? = nil,
  within seconds: Double = 60
) async throws -> CommandResult {
  let process = try TestProcess(arguments, environment: environment, executable: executable, in: directory)
  defer { process.stop() }
  let status = try await process.exitStatus(within: seconds)
  return CommandResult(status: status, output: process.output, errorOutput: process.errorOutput)
}

/// Runs `switchyard arguments…` (the executable beside the test bundle) to completion within `seconds`.
nonisolated(nonsending) public func switchyard(
  _ arguments: String...,
  environment: [String: String] = [:],
  within seconds: Double = 60
) async throws -> CommandResult {
  try await runToExit(arguments, environment: environment, within: seconds)
}
