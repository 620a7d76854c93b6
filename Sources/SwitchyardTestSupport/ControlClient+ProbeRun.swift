import SwitchyardDiagnostics
import SwitchyardRuntime
import SwitchyardWire

extension ControlClient {
  /// The probe run `name` in the coordinator's state once `condition` holds, asked every 10 ms
  /// for 20 s; `what` names the wait in its failure.
  public func probeRun(_ name: String, _ what: String, where condition: @escaping (ProbeRun) -> Bool) async throws -> ProbeRun {
    var found: ProbeRun?
    try await eventually(what, within: 20) {
      guard case let .stateSlice(_, _, value) = try? request(.state(id: 2, path: "runs.\(name)")),
        let run = try? WireJSONDecoder().decode(ProbeRun.self, from: value)
      else { return false }
      found = run
      return condition(run)
    }
    guard let found else { throw TimedOut(what: what) }
    return found
  }
}
