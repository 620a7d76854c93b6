import Foundation

/// Python peers from `Peers/`, run with a time limit and killed if they overstay.
enum PeerScript {
  /// Whether `python3` can import `websockets`.
  static func hasWebSockets() async -> Bool {
    (try? await python(["-c", "import websockets"], within: .seconds(20)).status) == 0
  }

  /// Whether a Chromium is on PATH.
  static var hasChromium: Bool {
    ["chromium", "chromium-browser", "google-chrome"].contains { name in
      (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
      }
    }
  }

  /// Whether this is CI, where a missing peer is a failure rather than a skip.
  static var isCI: Bool {
    ProcessInfo.processInfo.environment["CI"] == "true"
  }

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
  static func run(executable: URL, _ arguments: [String], within limit: Duration) async throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("sy-peer-\(UUID().uuidString).log")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: output) }
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = process.standardOutput
    process.standardInput = FileHandle.nullDevice
    let (exits, exited) = AsyncStream.makeStream(of: Void.self)
    process.terminationHandler = { _ in exited.finish() }
    try process.run()
    let pid = process.processIdentifier
    // SIGKILL: a child started from a Dispatch thread may have SIGTERM blocked.
    let deadline = Task {
      try await Task.sleep(for: limit)
      kill(pid, SIGKILL)
    }
    for await _ in exits {}
    deadline.cancel()
    return (process.terminationStatus, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
  }
}
