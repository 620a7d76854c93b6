import ComposableArchitecture
import SwitchyardDiagnostics
import SwitchyardMetrics
import SwitchyardRuntime

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

  /// Starts `window` probe effects at once, waits for all of them to be reduced, and returns the
  /// nanoseconds that took.
  func pipeline(window: Int, tag: String) async throws -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    let tasks = (0..<window).map { index in
      coordinator.store.send(.start(name: "p\(index)", job: ProbeJob(tag: "\(tag)-\(index)"), cancelInFlight: false))
    }
    for task in tasks { await task.finish() }
    let elapsed = start.duration(to: clock.now).nanoseconds
    for index in 0..<window where coordinator.store.runs["p\(index)"]?.outcome != .finished {
      throw ProcessBenchmarkError.effectFailed("outcome \(coordinator.store.runs["p\(index)"]?.outcome.rawValue ?? "none")")
    }
    return elapsed
  }

  func shutdown() async {
    await coordinator.shutdown()
  }
}
