import ComposableArchitecture
import Foundation
import Synchronization
import SwitchyardTestSupport
import Testing
import SwitchyardWire
import SwitchyardDiagnostics
import SwitchyardMetrics
@testable import SwitchyardRuntime

/// A coordinator running ``ProbeFeature`` in this test process, with real worker processes.
typealias ProbeCoordinator = Coordinator<ProbeFeature>

/// Starts a coordinator, waits for its pool to be ready, runs `body` within `seconds`, and — pass
/// or fail — shuts it down and checks that every worker it ever started is gone.
///
/// Two and a half minutes by default, a bound on a hang rather than on speed: in a full run every
/// suite's main-actor tests share one main actor, and coordinator tests that take a second alone
/// waited 70 to 85 s for their turns on it (a minute's bound failed three of them).
@MainActor
func withCoordinator(
  pool: PoolConfiguration = testPool(),
  seconds: Double = 150,
  _ body: @MainActor @escaping (ProbeCoordinator) async throws -> Void
) async throws {
  try await withCoordinator(pool: pool, seconds: seconds) { coordinator, _ in try await body(coordinator) }
}

/// ``withCoordinator(pool:seconds:_:)`` with the coordinator's log, and the choice not to wait for
/// a ready pool.
@MainActor
func withCoordinator(
  pool: PoolConfiguration = testPool(),
  seconds: Double = 150,
  servesControlSocket: Bool = false,
  waitsUntilReady: Bool = true,
  _ body: @MainActor @escaping (ProbeCoordinator, LogLines) async throws -> Void
) async throws {
  try await withCoordinator(
    pool: pool, seconds: seconds, servesControlSocket: servesControlSocket, waitsUntilReady: waitsUntilReady
  ) { coordinator, log, _ in try await body(coordinator, log) }
}

/// ``withCoordinator(pool:seconds:servesControlSocket:waitsUntilReady:_:)`` with the pids of the
/// workers it started, recording metrics in `metrics` if given, ticking (timeouts, liveness) every
/// `tickInterval`.
@MainActor
func withCoordinator(
  pool: PoolConfiguration = testPool(),
  seconds: Double = 150,
  servesControlSocket: Bool = false,
  waitsUntilReady: Bool = true,
  metrics: MetricsRegistry? = nil,
  tickInterval: Duration = .milliseconds(20),
  _ body: @MainActor @escaping (ProbeCoordinator, LogLines, RecordingTransport) async throws -> Void
) async throws {
  let runDirectory = makeRunDirectory()
  let log = LogLines()
  var configuration = CoordinatorConfiguration(
    runDirectory: runDirectory,
    pools: [pool],
    workerLaunch: WorkerLaunch(executable: switchyardExecutable) { ["worker", $0.rawValue] },
    shutdownGrace: .milliseconds(500),
    servesControlSocket: servesControlSocket,
    tickInterval: tickInterval,
    log: { log.append($0) }
  )
  configuration.metrics = metrics
  let coordinator = ProbeCoordinator(
    configuration: configuration,
    initialState: ProbeFeature.State(),
    reducer: ProbeFeature()
  )
  let workers = coordinator.recordWorkers()
  try coordinator.start()
  var failure: (any Error)?
  do {
    try await withTimeout(seconds, "the coordinator test") {
      if waitsUntilReady { try await coordinator.waitUntilReady(pool.size) }
      try await body(coordinator, log, workers)
    }
  } catch {
    failure = error
  }
  await coordinator.shutdown()
  for pid in workers.pids {
    #expect(!processExists(pid), "worker \(pid) outlived its coordinator")
  }
  try? FileManager.default.removeItem(atPath: runDirectory)
  if let failure {
    print("The coordinator's log:\n" + log.lines.joined(separator: "\n"))
    throw failure
  }
}

extension Coordinator where R == ProbeFeature {
  /// Waits until the probe pool has `size` ready workers.
  func waitUntilReady(_ size: Int, within seconds: Double = 30) async throws {
    try await eventually("\(size) ready workers", within: seconds) { probePool.size == size && probePool.health == "healthy" }
  }

  /// The probe pool's status.
  var probePool: PoolStatus {
    status().pools.first { $0.kind == ProbeJob.kind.rawValue }!
  }

  /// The pids of the probe pool's ready workers.
  var readyWorkerPIDs: [Int32] {
    status().workers.filter { $0.state == "ready" }.map(\.pid)
  }

  /// Waits until the run under `name` satisfies `condition`, observing state rather than polling.
  @discardableResult
  func waitForRun(_ name: String, _ condition: @escaping @Sendable (ProbeRun) -> Bool) async throws -> ProbeRun {
    for await run in store.observe(\.runs[name]) {
      if let run, condition(run) { return run }
    }
    throw CancellationError()
  }
}
