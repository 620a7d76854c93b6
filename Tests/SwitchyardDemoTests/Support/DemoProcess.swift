import Foundation
import SwitchyardDemo
import SwitchyardRuntime
import SwitchyardWire

/// `switchyard start --demo` as a child process of the test, with its own run directory, reached
/// through its control socket. Every wait has a deadline; ``cleanUp()`` kills what is left.
final class DemoProcess {
  struct TimedOut: Error, CustomStringConvertible {
    let what: String
    let log: String
    var description: String { "Timed out waiting for \(what). The coordinator's log:\n\(log)" }
  }

  let runDirectory = "/tmp/sy-demo-\(getpid())-\(UUID().uuidString.prefix(8))"
  private let process = Process()
  private var logPath: String { runDirectory + ".log" }
  private var nextRequestID: UInt64 = 0

  /// Starts the demo; the built `switchyard` sits beside the test bundle.
  init() throws {
    mkdir(runDirectory, 0o700)
    _ = FileManager.default.createFile(atPath: logPath, contents: nil)
    let testBundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    process.executableURL = testBundle.deletingLastPathComponent().appendingPathComponent("switchyard")
    process.arguments = ["start", "--demo", "--run-dir", runDirectory, "--grace-ms", "1000"]
    process.standardError = FileHandle(forWritingAtPath: logPath)
    process.standardOutput = FileHandle.nullDevice
    try process.run()
  }

  /// What the coordinator wrote to standard error.
  var log: String {
    (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
  }

  /// Connects once the control socket accepts connections.
  func connect(within seconds: Double = 20) async throws -> ControlClient {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while true {
      if let client = try? ControlClient(socketPath: runDirectory + "/control.sock") { return client }
      guard ContinuousClock.now < deadline, process.isRunning else {
        throw TimedOut(what: "the control socket", log: log)
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  /// Sends `json`, an action as `switchyard send` takes it.
  func send(_ json: String, through client: ControlClient) throws {
    let action = try WireJSONDecoder().parse(Array(json.utf8))
    guard case .sent = try client.request(.send(id: requestID(), action: action)) else {
      throw TimedOut(what: "the coordinator to accept \(json)", log: log)
    }
  }

  /// The application's state once `condition` holds.
  func state(
    _ what: String,
    through client: ControlClient,
    where condition: @escaping (AppFeature.State) -> Bool
  ) async throws -> AppFeature.State {
    try await eventually(what) {
      guard case let .stateSlice(_, _, value) = try client.request(.state(id: self.requestID(), path: "")) else { return nil }
      let state = try WireJSONDecoder().decode(AppFeature.State.self, from: value)
      return condition(state) ? state : nil
    }
  }

  /// The status of the pool for `kind` once `condition` holds; counters arrive with heartbeats.
  func pool(
    _ kind: String,
    _ what: String,
    through client: ControlClient,
    where condition: @escaping (PoolStatus) -> Bool
  ) async throws -> PoolStatus {
    try await eventually(what) {
      guard case let .statusReport(_, report) = try client.request(.status(id: self.requestID())) else { return nil }
      return report.pools.first { $0.kind == kind && condition($0) }
    }
  }

  /// The first non-`nil` answer of `probe`, asked every 50 ms for at most 20 seconds.
  private func eventually<T>(_ what: String, _ probe: () throws -> T?) async throws -> T {
    let deadline = ContinuousClock.now + .seconds(20)
    while true {
      if let answer = try probe() { return answer }
      guard ContinuousClock.now < deadline, process.isRunning else { throw TimedOut(what: what, log: log) }
      try await Task.sleep(for: .milliseconds(50))
    }
  }

  /// Sends SIGTERM and returns the exit status, killing the process if it takes over `seconds`.
  func terminate(within seconds: Double = 10) async -> Int32 {
    process.terminate()
    let deadline = ContinuousClock.now + .seconds(seconds)
    while process.isRunning, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(20))
    }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Kills the coordinator if it still runs and removes its files.
  func cleanUp() {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(atPath: runDirectory)
    try? FileManager.default.removeItem(atPath: logPath)
  }

  private func requestID() -> UInt64 {
    nextRequestID += 1
    return nextRequestID
  }
}
