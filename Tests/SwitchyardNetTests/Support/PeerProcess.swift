import Foundation
import SwitchyardRuntime
import SwitchyardTestSupport

/// A peer program not written here (a Python `websockets` script, curl), run as a child process
/// for interoperability tests, and always killed and reaped at the end.
///
/// Its output goes to a file, not Foundation's pipe, and it starts as a ``SpawnedProcess``: a
/// process the peer leaves behind would hold a pipe, or Foundation's exit socket, open and keep
/// the test waiting for an end the peer itself has reached.
final class PeerProcess: Sendable {
  private let process: SpawnedProcess
  private let outputPath: String

  /// Whether `executable` (found on PATH) runs `arguments` successfully: how tests detect a peer.
  ///
  /// Async, for test conditions: Swift Testing evaluates them on its cooperative threads, and a
  /// Python start blocking one there stalls every suite beside it.
  static func succeeds(_ executable: String, _ arguments: [String]) async -> Bool {
    (try? await runToExit([executable] + arguments, executable: "/usr/bin/env", within: 60))?.status == 0
  }

  /// The path of the peer script `name` in `Tests/SwitchyardNetTests/Peers/`.
  static func script(_ name: String) -> String {
    // This file is in Tests/SwitchyardNetTests/Support/.
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Peers").appendingPathComponent(name).path
  }

  /// Starts `executable` from PATH with `arguments`; stdout and stderr go to one file.
  init(_ executable: String, _ arguments: [String]) throws {
    outputPath = NSTemporaryDirectory() + "sy-peer-\(getpid())-\(UUID().uuidString.prefix(8)).log"
    process = try SpawnedProcess.start("/usr/bin/env", [executable] + arguments, outputPath: outputPath, errorPath: outputPath)
  }

  /// What the peer printed so far.
  private var output: String {
    (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
  }

  /// The first line the peer prints (a server prints its port there), or all it printed if it
  /// exits before ending a line; waits at most `seconds`.
  func firstLine(within seconds: Double = 60) async throws -> String {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while true {
      // Whether it exited, before what it printed: then nothing printed before its end is missed.
      let exited = !process.isRunning
      let printed = output
      if let newline = printed.firstIndex(of: "\n") {
        return printed[..<newline].trimmingCharacters(in: .whitespaces)
      }
      if exited { return printed.trimmingCharacters(in: .whitespacesAndNewlines) }
      guard ContinuousClock.now < deadline else { throw TimedOut(what: "a line from the peer; so far:\n\(printed)") }
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  /// Waits up to a minute for the peer to exit by itself; returns its status (-1 if it did not)
  /// and everything it printed.
  func exit() async throws -> (status: Int32, output: String) {
    let status = await process.exited(within: 60) ? process.terminationStatus : -1
    return (status, output)
  }

  /// Kills the peer if it still runs, reaps it, and removes its output.
  func stop() async {
    process.send(SIGKILL)
    await process.exited(within: 30)
    try? FileManager.default.removeItem(atPath: outputPath)
  }
}
