#if canImport(Glibc)
import Glibc
#endif
import ComposableArchitecture
import Foundation
import SwitchyardDiagnostics
import SwitchyardRuntime

/// A real coordinator running the runtime's ``ProbeFeature`` on a pool of `probe` workers: what
/// the process-boundary cases send effects through, exactly as an application's store would.
@MainActor
final class ProbeCoordinator {
  private let coordinator: Coordinator<ProbeFeature>
  private let runDirectory: String

  /// Runs `body` with a started coordinator of `workers` probe workers, and shuts it down after,
  /// whether `body` returns or throws, so no case leaves a worker behind.
  ///
  /// `window` is how many effects may be queued or in flight at once.
  static func with<T>(
    launch: WorkerLaunch,
    workers: Int,
    window: Int = 64,
    transport: (any WorkerTransport)? = nil,
    _ body: (ProbeCoordinator) async throws -> T
  ) async throws -> T {
    let coordinator = ProbeCoordinator(launch: launch, workers: workers, window: window, transport: transport)
    do {
      try await coordinator.start(workers: workers)
      let result = try await body(coordinator)
      await coordinator.shutdown()
      return result
    } catch {
      await coordinator.shutdown()
      throw error
    }
  }

  /// `transport`, when given, reaches the pool's workers instead of pipes to `launch`'s children.
  private init(launch: WorkerLaunch, workers: Int, window: Int, transport: (any WorkerTransport)?) {
    runDirectory = NSTemporaryDirectory() + "switchyard-bench-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    var configuration = CoordinatorConfiguration(
      runDirectory: runDirectory,
      pools: [
        PoolConfiguration(kind: ProbeJob.kind, size: workers, maxInFlightPerWorker: window, maxQueued: window)
      ],
      workerLaunch: launch,
      shutdownGrace: .seconds(1),
      servesControlSocket: false,
      log: { _ in }
    )
    configuration.transports[ProbeJob.kind] = transport
    coordinator = Coordinator(
      configuration: configuration,
      initialState: ProbeFeature.State(),
      reducer: ProbeFeature()
    )
  }

  /// Starts the coordinator and waits until every worker has said hello.
  private func start(workers: Int) async throws {
    try coordinator.start()
    let deadline = ContinuousClock.now + .seconds(10)
    while coordinator.status().workers.filter({ $0.state == "ready" }).count < workers {
      guard ContinuousClock.now < deadline else { throw ProcessBenchmarkError.workerNotReady(seconds: 10) }
      try await Task.sleep(for: .milliseconds(5))
    }
  }

  /// How many times worker I/O threads have woken the main actor, and with how many batches.
  var wakeStatistics: (wakes: Int, batches: Int) {
    coordinator.workerWakeStatistics
  }

  /// The process ids of the pool's workers.
  var workerPIDs: [Int32] {
    coordinator.status().workers.map(\.pid)
  }

  /// Sends one probe effect and waits until its output and its end have been reduced.
  func roundTrip(tag: String) async throws {
    let name = "round-trip"
    await coordinator.store.send(.start(name: name, job: ProbeJob(tag: tag), cancelInFlight: false)).finish()
    try checkFinished(name)
  }

  /// Starts `window` probe effects at once, then waits for all of them to be reduced.
  func pipeline(window: Int, tag: String) async throws {
    let tasks = (0..<window).map { index in
      coordinator.store.send(.start(name: "p\(index)", job: ProbeJob(tag: "\(tag)-\(index)"), cancelInFlight: false))
    }
    for task in tasks { await task.finish() }
    for index in 0..<window { try checkFinished("p\(index)") }
  }

  private func shutdown() async {
    await coordinator.shutdown()
    try? FileManager.default.removeItem(atPath: runDirectory)
  }

  private func checkFinished(_ name: String) throws {
    guard let run = coordinator.store.runs[name], run.outcome == .finished else {
      let run = coordinator.store.runs[name]
      throw ProcessBenchmarkError.effectFailed(run?.failure.map { "\($0)" } ?? "outcome \(run?.outcome.rawValue ?? "none")")
    }
  }
}
