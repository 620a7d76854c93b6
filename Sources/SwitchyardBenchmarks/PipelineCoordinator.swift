import ComposableArchitecture
import SwitchyardDiagnostics
import SwitchyardMetrics
import SwitchyardRuntime
import SwitchyardWire

/// A coordinator of one `probe` worker running `Root`, for pipelining probe effects through.
@MainActor
final class PipelineCoordinator<Root: Reducer>
where Root.State == ProbeFeature.State, Root.Action == ProbeFeature.Action {
  let coordinator: Coordinator<Root>

  /// `metrics`, when given, is where the coordinator records its metrics.
  init(_ root: Root, runDirectory: String, launch: WorkerLaunch, window: Int, metrics: MetricsRegistry? = nil) {
    var configuration = CoordinatorConfiguration(
      runDirectory: runDirectory,
      pools: [PoolConfiguration(kind: ProbeJob.kind, size: 1, maxInFlightPerWorker: window, maxQueued: window)],
      workerLaunch: launch,
      shutdownGrace: .seconds(1),
      servesControlSocket: false,
      log: { _ in }
    )
    configuration.metrics = metrics
    coordinator = Coordinator(configuration: configuration, initialState: ProbeFeature.State(), reducer: root)
  }

  /// The process ids of the pool's workers.
  var workerPIDs: [Int32] {
    coordinator.status().workers.map(\.pid)
  }

  func start() async throws {
    try coordinator.start()
    let deadline = ContinuousClock.now + .seconds(10)
    while coordinator.status().workers.filter({ $0.state == "ready" }).count < 1 {
      guard ContinuousClock.now < deadline else { throw ProcessBenchmarkError.workerNotReady(seconds: 10) }
      try await Task.sleep(for: .milliseconds(5))
    }
  }

  /// Starts `window` probe effects at once, their actions arriving as `arrival` says, waits for
  /// all of them to be reduced, and returns the nanoseconds that took.
  func pipeline(window: Int, tag: String, arrival: PipelineArrival = .inProcess) async throws -> Double {
    let clock = ContinuousClock()
    let tasks: [StoreTask]
    let start: ContinuousClock.Instant
    switch arrival {
    case .inProcess:
      start = clock.now
      tasks = (0..<window).map { index in coordinator.store.send(Self.start(index, tag: tag)) }
    case .clientJSON:
      let json = try (0..<window).map { index in try RawJSON(encoding: Self.start(index, tag: tag)) }
      start = clock.now
      tasks = try json.map { try coordinator.send(clientJSON: $0) }
    }
    for task in tasks { await task.finish() }
    let elapsed = start.duration(to: clock.now).nanoseconds
    for index in 0..<window where coordinator.store.runs["p\(index)"]?.outcome != .finished {
      throw ProcessBenchmarkError.effectFailed("outcome \(coordinator.store.runs["p\(index)"]?.outcome.rawValue ?? "none")")
    }
    return elapsed
  }

  /// The action that starts the `index`th probe effect of the window `tag`.
  private static func start(_ index: Int, tag: String) -> ProbeFeature.Action {
    .start(name: "p\(index)", job: ProbeJob(tag: "\(tag)-\(index)"), cancelInFlight: false)
  }

  func shutdown() async {
    await coordinator.shutdown()
  }
}
