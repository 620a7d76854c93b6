#if canImport(Glibc)
import Glibc
#endif
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
    /// Traps, as a reducer with a bug does, when the coordinator's environment sets the variable
    /// `whenSet`, whose name starts with ``ProbeFeature/trapVariablePrefix``, and does nothing
    /// otherwise: how tests make a coordinator die on an action, live or, with the variable set only
    /// at a restart, in replay.
    case trap(whenSet: String)
  }

  /// A run whose tag is this and a variable's name traps on each of its outputs when the
  /// coordinator's environment sets the variable, as ``Action/trap(whenSet:)`` does: how tests make
  /// a remote effect's output kill a coordinator.
  public static let trapTagPrefix = "trap:"

  /// The start of every variable a trap may name. Any client may send a probe coordinator any
  /// action, and a trap naming a variable every environment sets (`PATH`, `HOME`) stopped whichever
  /// coordinator it reached: only a variable set for the purpose arms one.
  public static let trapVariablePrefix = "SWITCHYARD_TEST_TRAP"

  /// Creates the feature.
  public init() {}

  private static func trap(whenSet variable: String) {
    if variable.hasPrefix(trapVariablePrefix), getenv(variable) != nil { fatalError("the probe traps as \(variable) is set") }
  }

  /// Starts, cancels and records probe runs.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .start(name, job, cancelInFlight):
      // One hash of the name per action: the run is looked up once and changed in place.
      let tag = job.tag
      state.runs[name, default: ProbeRun(tag: tag)].restart(tag: tag)
      // The closure captures the tag alone, not a copy of the whole job.
      return .remote(job) { .event(name: name, tag: tag, $0) }
        .cancellable(id: name, cancelInFlight: cancelInFlight)

    case let .cancel(name):
      if let index = state.runs.index(forKey: name), state.runs.values[index].outcome == .running {
        state.runs.values[index].outcome = .cancelled
      }
      return .cancel(id: name)

    case let .event(name, tag, event):
      if case .output = event, tag.hasPrefix(Self.trapTagPrefix) {
        Self.trap(whenSet: String(tag.dropFirst(Self.trapTagPrefix.count)))
      }
      // Checked and recorded in place: reading the run's fields through the getter copies the run.
      if let index = state.runs.index(forKey: name), state.runs.values[index].record(event, ifRunning: tag) {
        return .none
      }
      // Reaching here means fencing failed: a cancelled or superseded run was heard from.
      state.runs[name, default: ProbeRun(tag: tag)].staleEvents += 1
      return .none

    case let .trap(variable):
      Self.trap(whenSet: variable)
      return .none
    }
  }
}
