import Foundation
import SwitchyardDemo
import SwitchyardRuntime
import SwitchyardTestSupport
import SwitchyardWire

/// `switchyard start --demo` as a child process of the test, with its own run directory, reached
/// through its control socket. Every wait has a deadline; ``cleanUp()`` kills what is left.
final class DemoProcess {
  struct TimedOut: Error, CustomStringConvertible {
    let what: String
    let log: String
    var description: String { "Timed out waiting for \(what). The coordinator's log:\n\(log)" }
  }

  private let child: CoordinatorChild
  private var nextRequestID: UInt64 = 0

  /// Starts the demo with `arguments` in `runDirectory`; the built `switchyard` sits beside the
  /// test bundle.
  init(arguments: [String] = [], runDirectory: String = makeRunDirectory()) throws {
    child = try CoordinatorChild(arguments: ["--demo"] + arguments, runDirectory: runDirectory)
  }

  /// Starts `switchyard <commandLine>` word for word, which runs in `runDirectory`.
  init(commandLine: [String], runDirectory: String) throws {
    child = try CoordinatorChild(commandLine: commandLine, runDirectory: runDirectory)
  }

  /// The coordinator's run directory, whose `data` holds its journal.
  var runDirectory: String { child.runDirectory }

  /// Kills the coordinator with SIGKILL, as a crash would, and waits for it; its files stay.
  func crash() {
    child.crash()
  }

  /// What the coordinator wrote to standard error.
  var log: String { child.log }

  /// Connects once the control socket accepts connections.
  func connect(within seconds: Double = 60) async throws -> ControlClient {
    try await child.connect(within: seconds)
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

  /// The first non-`nil` answer of `probe`, asked every 50 ms for at most 60 seconds.
  private func eventually<T>(_ what: String, _ probe: () throws -> T?) async throws -> T {
    let deadline = ContinuousClock.now + .seconds(60)
    while true {
      if let answer = try probe() { return answer }
      guard ContinuousClock.now < deadline, child.process.isRunning else { throw TimedOut(what: what, log: log) }
      try await Task.sleep(for: .milliseconds(50))
    }
  }

  /// Sends SIGTERM and returns the exit status, killing the process if it takes over `seconds`.
  func terminate(within seconds: Double = 30) async -> Int32 {
    await child.terminate(within: seconds)
  }

  /// Kills the coordinator if it still runs and removes its files.
  func cleanUp() {
    child.cleanUp()
  }

  private func requestID() -> UInt64 {
    nextRequestID += 1
    return nextRequestID
  }
}
