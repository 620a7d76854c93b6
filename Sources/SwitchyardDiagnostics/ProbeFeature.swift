import ComposableArchitecture
import SwitchyardRuntime

/// The runtime's own diagnostic feature: starts and cancels ``ProbeJob``s by name and records what
/// comes back, including any output that arrives for a run that was already replaced.
///
/// `switchyard start` runs it when no application is given, so a coordinator, its pools and its
/// control socket can be exercised end to end without any application code.
public struct ProbeFeature: Reducer {
  /// Every probe run, by name.
  public struct State: Codable, Equatable, Sendable {
    /// The latest run under each name.
    public var runs: [String: ProbeRun] = [:]

    /// Creates an empty state.
    public init(runs: [String: ProbeRun] = [:]) {
      self.runs = runs
    }
  }

  /// What can happen to probe runs.
  public enum Action: Codable, Equatable, Sendable {
    /// Starts `job` under `name`; with `cancelInFlight`, the run already under `name` is cancelled.
    case start(name: String, job: ProbeJob, cancelInFlight: Bool)
    /// Cancels the run under `name`.
    case cancel(name: String)
    /// An event of the run under `name` that was started with `tag`.
    case event(name: String, tag: String, JobEvent<ProbeOutput>)
  }

  /// Creates the feature.
  public init() {}

  /// Starts, cancels and records probe runs.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .start(name, job, cancelInFlight):
      let stale = state.runs[name]?.staleEvents ?? 0
      state.runs[name] = ProbeRun(tag: job.tag, staleEvents: stale)
      return .remote(job) { .event(name: name, tag: job.tag, $0) }
        .cancellable(id: name, cancelInFlight: cancelInFlight)

    case let .cancel(name):
      if state.runs[name]?.outcome == .running { state.runs[name]?.outcome = .cancelled }
      return .cancel(id: name)

    case let .event(name, tag, event):
      guard state.runs[name]?.tag == tag, state.runs[name]?.outcome == .running else {
        // Reaching here means fencing failed: a cancelled or superseded run was heard from.
        state.runs[name, default: ProbeRun(tag: tag)].staleEvents += 1
        return .none
      }
      switch event {
      case let .output(output):
        state.runs[name]?.outputs.append(output.index)
        if state.runs[name]?.workerPIDs.last != output.pid { state.runs[name]?.workerPIDs.append(output.pid) }
        let attempts = state.runs[name]?.attempts ?? 0
        state.runs[name]?.attempts = max(attempts, output.attempt)
      case .finished:
        state.runs[name]?.outcome = .finished
      case let .failed(failure):
        state.runs[name]?.outcome = .failed
        state.runs[name]?.failure = failure
      }
      return .none
    }
  }
}
