import Foundation
import SwitchyardRuntime
import SwitchyardTestSupport

/// Python peers from `Peers/`, run with a time limit and killed if they overstay.
enum PeerScript {
  /// Runs `python3 Peers/name arguments`; see ``python(_:within:)``.
  static func run(_ name: String, _ arguments: [String], within limit: Duration) async throws -> (status: Int32, output: String) {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Peers").appendingPathComponent(name).path
    return try await python([script] + arguments, within: limit)
  }

  /// Runs `python3 arguments`; returns its status and output, killing it after `limit`.
  static func python(_ arguments: [String], within limit: Duration) async throws -> (status: Int32, output: String) {
    try await run(executable: URL(fileURLWithPath: "/usr/bin/env"), ["python3"] + arguments, within: limit)
  }

  /// Runs `executable arguments`; returns its status and output, killing it after `limit`.
  ///
  /// Not Foundation's `Process`, whose exit a browser the script starts would hide: it inherits
  /// the socket by which Foundation learns that its child exited, and holds it while it runs.
  static func run(executable: URL, _ arguments: [String], within limit: Duration) async throws -> (status: Int32, output: String) {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("sy-peer-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(at: output) }
    let process = try SpawnedProcess.start(executable.path, arguments, outputPath: output.path, errorPath: output.path)
    let status = await process.exitStatus(killingAfter: limit / .seconds(1))
    return (status, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
  }
}
