import Foundation
import SwitchyardRuntime
import SwitchyardTestSupport
import Synchronization

/// A peer program not written here (a Python `websockets` script, curl), run as a child process
/// for interoperability tests, and always killed and reaped at the end.
final class PeerProcess: Sendable {
  private let process: Mutex<Process>
  private let output: FileHandle

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

  /// Starts `executable` from PATH with `arguments`; stdout and stderr go to one pipe.
  init(_ executable: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [executable] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    output = pipe.fileHandleForReading
    self.process = Mutex(process)
  }

  /// The first line the peer prints (a server prints its port there), read on another thread.
  func firstLine() async throws -> String {
    try await offThread { [output] in
      var line: [UInt8] = []
      while !line.contains(UInt8(ascii: "\n")) {
        let chunk = output.availableData
        guard !chunk.isEmpty else { break }
        line += chunk
      }
      return String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
  }

  /// Blocks until the peer exits; returns its status and everything it printed.
  func waitForExit() -> (status: Int32, output: String) {
    let printed = output.readDataToEndOfFile()
    let status = process.withLock { process in
      process.waitForExit(within: 60) ? process.terminationStatus : -1
    }
    return (status, String(decoding: printed, as: UTF8.self))
  }

  /// Waits for the peer to exit by itself, off the cooperative threads.
  func exit() async throws -> (status: Int32, output: String) {
    try await offThread { [self] in waitForExit() }
  }

  /// Kills the peer if it still runs, and reaps it.
  func stop() async {
    _ = try? await offThread { [self] in
      process.withLock { process in
        // SIGKILL, not terminate()'s SIGTERM: a child spawned from a Dispatch worker thread
        // inherits its blocked signal mask, and so would ignore SIGTERM.
        process.kill(waitingUpTo: 10)
      }
    }
  }
}
