import SwitchyardCLI
import SwitchyardRuntime
import SwitchyardWire

/// Users that each start ``ProbeJob``s one after another on the `probe` pool and wait for each to
/// finish: the runtime's round trip, with no application in the way.
package struct ProbeScenario: LoadScenario {
  /// The name `--scenario` selects it by.
  package var name: String
  /// Outputs each job emits.
  package var outputs: Int
  /// Milliseconds before each output, standing in for the job's work.
  package var intervalMillis: Int
  /// Milliseconds of worker CPU each job burns (``ProbeJob/workMillis``).
  package var workMillis: Int
  /// The pools `load --spawn` starts.
  package var defaultPools: String

  /// Creates the scenario.
  package init(name: String = "probe", outputs: Int = 2, intervalMillis: Int = 1, workMillis: Int = 0, defaultPools: String = "probe=2") {
    self.name = name
    self.outputs = outputs
    self.intervalMillis = intervalMillis
    self.workMillis = workMillis
    self.defaultPools = defaultPools
  }

  /// `cpu`: jobs that each cost a worker 20 ms of CPU, so throughput rises with workers up to the
  /// machine's cores and flattens after (`load --scenario cpu --spawn --sweep probe=1,2,4`).
  package static func cpuBound(workMillis: Int = 20) -> ProbeScenario {
    ProbeScenario(name: "cpu", outputs: 1, intervalMillis: 0, workMillis: workMillis, defaultPools: "probe=1")
  }

  /// What each user does.
  package var summary: String {
    workMillis > 0
      ? "like probe, each job costing a worker \(workMillis) ms of CPU: scales with workers up to the cores"
      : "each user starts probe jobs one after another ('start', pool probe)"
  }
  /// `switchyard start` runs the probe feature by default.
  package var startArguments: [String] { [] }

  /// Nothing: a run is created by its first start.
  package func setUpActions(user: String) -> [JSONValue] { [] }

  /// The user's run, `runs.<user>`.
  package func watchedPath(user: String, lookUp: (String) throws -> JSONValue) -> String { "runs.\(user)" }

  /// Starts job `<user>-<index>` and waits until the run with that tag leaves `running`.
  package func step(user: String, index: Int, slice: JSONValue) -> LoadStep {
    let tag = "\(user)-\(index)"
    let job: JSONValue = [
      "tag": .string(tag), "outputs": .int(Int64(outputs)), "intervalMillis": .int(Int64(intervalMillis)),
      "workMillis": .int(Int64(workMillis)),
    ]
    let action: JSONValue = ["start": ["name": .string(user), "job": job, "cancelInFlight": false]]
    return LoadStep(action: action, kind: ProbeJob.kind.rawValue) { run in
      guard run[dottedPath: "tag"]?.stringValue == tag, let outcome = run[dottedPath: "outcome"]?.stringValue, outcome != "running" else { return nil }
      guard outcome == "finished" else { return .failed(run[dottedPath: "failure.code"]?.stringValue ?? outcome) }
      return .succeeded
    }
  }

  /// Cancels the user's run, in case the load stopped while it was under way.
  package func tearDownActions(user: String) -> [JSONValue] {
    [["cancel": ["name": .string(user)]]]
  }
}
