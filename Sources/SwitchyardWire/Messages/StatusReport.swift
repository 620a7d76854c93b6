/// The coordinator's answer to a control client's `status` request: itself, its pools, its workers.
public struct StatusReport: Codable, Equatable, Sendable {
  /// The coordinator process and its store.
  public var coordinator: CoordinatorStatus
  /// One entry per worker pool, by job kind.
  public var pools: [PoolStatus]
  /// One entry per worker process, live or recently stopped.
  public var workers: [WorkerStatus]
  /// The coordinator's journal; absent when it runs without one (`start --no-journal`).
  public var journal: JournalReport?
  /// Its role among the coordinators sharing its journal; absent unless started with `--ha`.
  public var highAvailability: HighAvailabilityReport?

  /// Creates a report.
  public init(
    coordinator: CoordinatorStatus, pools: [PoolStatus], workers: [WorkerStatus], journal: JournalReport? = nil,
    highAvailability: HighAvailabilityReport? = nil
  ) {
    self.coordinator = coordinator
    self.pools = pools
    self.workers = workers
    self.journal = journal
    self.highAvailability = highAvailability
  }
}
