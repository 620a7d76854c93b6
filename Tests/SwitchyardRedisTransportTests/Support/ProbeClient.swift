import Foundation
import SwitchyardDiagnostics
import SwitchyardRuntime
import SwitchyardTestSupport
import SwitchyardWire

/// A coordinator running `ProbeFeature`, driven through its control socket: start probe runs and
/// read them back from its state.
final class ProbeClient {
  let client: ControlClient
  private var nextRequest: UInt64 = 1

  init(_ client: ControlClient) {
    self.client = client
  }

  /// Sends a `ProbeFeature` action as JSON.
  func send(_ action: JSONValue) throws {
    let reply = try client.request(.send(id: nextID(), action: action))
    guard case .sent = reply else { throw Refused(action: action, reply: reply) }
  }

  /// The coordinator answered a `send` with something other than `sent`.
  struct Refused: Error, CustomStringConvertible {
    let action: JSONValue
    let reply: ControlMessage

    var description: String { "The coordinator answered \(reply) to \(action)." }
  }

  /// Starts the probe run `name` with `job`.
  func start(_ name: String, _ job: ProbeJob) throws {
    let action = ProbeFeature.Action.start(name: name, job: job, cancelInFlight: false)
    try send(try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(action)))
  }

  /// The probe run `name` as the coordinator's state holds it, or `nil`.
  func run(_ name: String) throws -> ProbeRun? {
    guard case let .stateSlice(_, _, value) = try client.request(.state(id: nextID(), path: "runs.\(name)")), !value.isNull else {
      return nil
    }
    return try JSONDecoder().decode(ProbeRun.self, from: JSONEncoder().encode(value))
  }

  /// Waits until the run `name` satisfies `condition`, returning it; `log` goes in the failure.
  func wait(
    for name: String, within seconds: Double = 60, log: () -> String, until condition: (ProbeRun) -> Bool
  ) async throws -> ProbeRun {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while true {
      if let run = try run(name), condition(run) { return run }
      guard ContinuousClock.now < deadline else {
        throw TimedOut(what: "run \(name) (now \(String(describing: try? run(name)))); log:\n\(log().suffix(3000))")
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  /// The parent of process `pid`, from /proc; `nil` once it has exited.
  nonisolated static func parent(of pid: Int32) -> Int32? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else {
      return nil
    }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    return fields.count > 1 ? Int32(fields[1]) : nil
  }

  private func nextID() -> UInt64 {
    defer { nextRequest += 1 }
    return nextRequest
  }
}
