import Foundation

/// A process a test starts, its output going to files so nothing blocks on a full pipe; every
/// test stops it in a `defer`, which kills and reaps it if it still runs.
final class TestProcess {
  let description: String
  private let process = Process()
  private let outputPath: String
  private let errorPath: String

  init(_ executable: String, _ arguments: [String], in directory: String? = nil) throws {
    description = ([executable] + arguments).joined(separator: " ")
    let base = NSTemporaryDirectory() + "sy-app-\(getpid())-\(UUID().uuidString.prefix(8))"
    outputPath = base + ".out"
    errorPath = base + ".err"
    _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle(forWritingAtPath: outputPath)
    process.standardError = FileHandle(forWritingAtPath: errorPath)
    try process.run()
  }

  var pid: Int32 { process.processIdentifier }
  var isRunning: Bool { process.isRunning }
  var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
  var errorOutput: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

  /// The exit status once the process exits by itself within `limit`; past it, the process is
  /// interrupted (SIGINT lets `swift build` stop its compilers), then killed, and this throws.
  @MainActor
  func exitStatus(within limit: Duration) async throws -> Int32 {
    let deadline = ContinuousClock.now + limit
    while process.isRunning {
      guard ContinuousClock.now < deadline else {
        kill(pid, SIGINT)
        let grace = ContinuousClock.now + .seconds(10)
        while process.isRunning, ContinuousClock.now < grace { try await Task.sleep(for: .milliseconds(50)) }
        stop()
        throw TimedOut(what: "'\(description)' to exit within \(limit); its errors:\n\(errorOutput.suffix(4_000))")
      }
      try await Task.sleep(for: .milliseconds(20))
    }
    return process.terminationStatus
  }

  /// Kills the process if it still runs, reaps it, and removes its output files.
  func stop() {
    if process.isRunning { kill(pid, SIGKILL) }
    process.waitUntilExit()
    try? FileManager.default.removeItem(atPath: outputPath)
    try? FileManager.default.removeItem(atPath: errorPath)
  }
}

/// What a finished command printed and how it exited.
struct Finished {
  var status: Int32
  var output: String
  var errorOutput: String
}

/// Runs `executable arguments…` to completion within `limit`.
@MainActor
func run(_ executable: String, _ arguments: [String], in directory: String? = nil, within limit: Duration = .seconds(20))
  async throws -> Finished
{
  let process = try TestProcess(executable, arguments, in: directory)
  defer { process.stop() }
  let status = try await process.exitStatus(within: limit)
  return Finished(status: status, output: process.output, errorOutput: process.errorOutput)
}

/// A bounded wait ran out.
struct TimedOut: Error, CustomStringConvertible {
  let what: String
  var description: String { "Timed out waiting for \(what)." }
}
