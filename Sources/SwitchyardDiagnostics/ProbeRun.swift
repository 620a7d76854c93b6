import SwitchyardRuntime
/// One probe run as ``ProbeFeature`` records it.
public struct ProbeRun: Codable, Equatable, Sendable {
  /// How a run ended, or that it has not.
  public enum Outcome: String, Codable, Sendable {
    /// Still running.
    case running
    /// Finished after emitting every output.
    case finished
    /// Failed; see ``ProbeRun/failure``.
    case failed
    /// Cancelled by a ``ProbeFeature/Action/cancel(name:)``.
    case cancelled
  }

  /// The tag of the job this run started.
  public var tag: String
  /// The indices of the outputs received, in order of arrival.
  public var outputs: [Int] = []
  /// The highest attempt an output came from: above 1 after a retry.
  public var attempts: Int = 0
  /// The processes its outputs came from, in order: more than one after a retry.
  public var workerPIDs: [Int32] = []
  /// Where the run is.
  public var outcome: Outcome = .running
  /// Why the run failed.
  public var failure: JobFailure?
  /// Events that reached the reducer for a run already cancelled or replaced under this name.
  /// Always 0 while fencing works.
  public var staleEvents: Int = 0

  /// Creates a run that has just started.
  public init(tag: String, staleEvents: Int = 0) {
    self.tag = tag
    self.staleEvents = staleEvents
  }

  /// Starts the run over for a new job, keeping the count of stale events heard under its name,
  /// and the arrays' storage: a name reused for run after run records without allocating.
  mutating func restart(tag: String) {
    self.tag = tag
    outputs.removeAll(keepingCapacity: true)
    attempts = 0
    workerPIDs.removeAll(keepingCapacity: true)
    outcome = .running
    failure = nil
  }

  /// Records `event` if this run is the one started with `tag` and is still running; returns
  /// whether it did.
  mutating func record(_ event: JobEvent<ProbeOutput>, ifRunning tag: String) -> Bool {
    guard self.tag == tag, outcome == .running else { return false }
    record(event)
    return true
  }

  /// Records an event of this run while it is running.
  private mutating func record(_ event: JobEvent<ProbeOutput>) {
    switch event {
    case let .output(output):
      outputs.append(output.index)
      if workerPIDs.last != output.pid { workerPIDs.append(output.pid) }
      attempts = max(attempts, output.attempt)
    case .finished:
      outcome = .finished
    case let .failed(failure):
      outcome = .failed
      self.failure = failure
    }
  }
}
