import SwitchyardDiagnostics
import SwitchyardRuntime
import SwitchyardWire

/// Users that each start ``ProbeJob``s one after another on the `probe` pool and wait for each to
/// finish: the runtime's round trip, with no application in the way.
public struct ProbeScenario: LoadScenario {
  /// Outputs each job emits.
  public var outputs: Int
  /// Milliseconds before each output, standing in for the job's work.
  public var intervalMillis: Int

  /// Creates the scenario.
  public init(outputs: Int = 2, intervalMillis: Int = 1) {
    self.outputs = outputs
    self.intervalMillis = intervalMillis
  }

  /// `probe`.
  public var name: String { "probe" }
  /// Two probe workers.
  public var defaultPools: String { "probe=2" }
  /// `switchyard start` runs the probe feature by default.
  public var startArguments: [String] { [] }

  /// Nothing: a run is created by its first start.
  public func setUpActions(user: String) -> [JSONValue] { [] }

  /// The user's run, `runs.<user>`.
  public func watchedPath(user: String, lookUp: (String) throws -> JSONValue) -> String { "runs.\(user)" }

  /// Starts job `<user>-<index>` and waits until the run with that tag leaves `running`.
  public func step(user: String, index: Int, slice: JSONValue) -> LoadStep {
    let tag = "\(user)-\(index)"
    let job: JSONValue = ["tag": .string(tag), "outputs": .int(Int64(outputs)), "intervalMillis": .int(Int64(intervalMillis))]
    let action: JSONValue = ["start": ["name": .string(user), "job": job, "cancelInFlight": false]]
    return LoadStep(action: action, kind: ProbeJob.kind.rawValue) { run in
      guard run[dottedPath: "tag"]?.stringValue == tag, let outcome = run[dottedPath: "outcome"]?.stringValue, outcome != "running" else { return nil }
      guard outcome == "finished" else { return .failed(run[dottedPath: "failure.code"]?.stringValue ?? outcome) }
      return .succeeded
    }
  }

  /// Cancels the user's run, in case the load stopped while it was under way.
  public func tearDownActions(user: String) -> [JSONValue] {
    [["cancel": ["name": .string(user)]]]
  }
}
