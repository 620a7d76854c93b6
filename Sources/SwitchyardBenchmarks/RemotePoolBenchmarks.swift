#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SwitchyardDiagnostics
import SwitchyardNet
import SwitchyardRedis
import SwitchyardRedisTransport
import SwitchyardRuntime

/// Remote effects through a remote pool: the coordinator's store, its broker link, a local
/// `redis-server` and `switchyard worker probe --broker` processes, beside the same effects
/// through a pool of pipe workers in the same run. Without `redis-server` the cases report how
/// to install it.
enum RemotePoolBenchmarks {
  static func cases(launch: WorkerLaunch) -> [BenchmarkCase] {
    [roundTrip(launch: launch), pipelined(launch: launch)]
  }

  /// Round trips one at a time, through pipes then through Redis; the headline is their ratio.
  static func roundTrip(launch: WorkerLaunch) -> BenchmarkCase {
    BenchmarkCase(
      name: "remote.round-trip",
      summary: "remote effect round trip through Redis streams over the same through pipes",
      target: .atMostRatio(20)
    ) { harness in
      let count = harness.mode == .full ? 1_000 : 20
      let pipes = try await ProbeCoordinator.with(launch: launch, workers: 1) { try await roundTrips($0, count: count) }
      let redis = try await withRemotePool(launch: launch, workers: 1, window: 64) { try await roundTrips($0, count: count) }
      return BenchmarkMeasurement(
        value: redis.medianNanoseconds / pipes.medianNanoseconds,
        unit: .ratio,
        p99: redis.p99Nanoseconds / pipes.p99Nanoseconds,
        note: "redis p50 \(BenchmarkUnit.nanoseconds.format(redis.medianNanoseconds)) "
          + "p99 \(BenchmarkUnit.nanoseconds.format(redis.p99Nanoseconds)); "
          + "pipes p50 \(BenchmarkUnit.nanoseconds.format(pipes.medianNanoseconds)) "
          + "p99 \(BenchmarkUnit.nanoseconds.format(pipes.p99Nanoseconds)); \(count) each; unpinned"
      )
    }
  }

  /// Effects started in windows through two remote workers, beside two pipe workers.
  static func pipelined(launch: WorkerLaunch) -> BenchmarkCase {
    BenchmarkCase(
      name: "remote.pipelined.2-workers",
      summary: "remote effects per second through Redis streams and 2 remote workers",
      target: .atLeastPerSecond(30_000)
    ) { harness in
      let window = harness.mode == .full ? 1_024 : 64
      let windows = harness.mode == .full ? 20 : 1
      let pipes = try await ProbeCoordinator.with(launch: launch, workers: 2, window: window) {
        try await perSecond($0, window: window, windows: windows)
      }
      let redis = try await withRemotePool(launch: launch, workers: 2, window: window) {
        try await perSecond($0, window: window, windows: windows)
      }
      return BenchmarkMeasurement(
        value: redis,
        unit: .perSecond,
        note: "\(window * windows) effects in windows of \(window); through 2 pipe workers "
          + "\(BenchmarkUnit.perSecond.format(pipes)), Redis \(String(format: "%.1f", 100 * redis / pipes)) % of it; unpinned"
      )
    }
  }

  @MainActor
  private static func roundTrips(_ coordinator: ProbeCoordinator, count: Int) async throws -> BenchmarkSample {
    // Uncounted first trips warm both sides (and let remote workers join the group).
    for index in 0..<10 { try await coordinator.roundTrip(tag: "warm-\(index)") }
    let clock = ContinuousClock()
    var times: [Double] = []
    for index in 0..<count {
      let start = clock.now
      try await coordinator.roundTrip(tag: "\(index)")
      let (seconds, attoseconds) = start.duration(to: clock.now).components
      times.append(Double(seconds) * 1e9 + Double(attoseconds) / 1e9)
    }
    return BenchmarkSample(perBatch: times, operationsPerBatch: 1)
  }

  @MainActor
  private static func perSecond(_ coordinator: ProbeCoordinator, window: Int, windows: Int) async throws -> Double {
    try await coordinator.pipeline(window: window, tag: "warm")
    let start = ContinuousClock.now
    for index in 0..<windows { try await coordinator.pipeline(window: window, tag: "\(index)") }
    let (seconds, attoseconds) = (ContinuousClock.now - start).components
    return Double(window * windows) / (Double(seconds) + Double(attoseconds) / 1e18)
  }

  /// Runs `body` with a coordinator whose probe pool is remote: a `redis-server` on a free
  /// loopback port and `workers` remote workers, all stopped after.
  @MainActor
  private static func withRemotePool<T>(
    launch: WorkerLaunch, workers: Int, window: Int, _ body: (ProbeCoordinator) async throws -> T
  ) async throws -> T {
    let server = try LocalRedisServer()
    defer { server.stop() }
    let name = "bench\(getpid())"
    let transport = try RedisTransport(configuration: server.configuration, coordinator: name, kinds: [ProbeJob.kind], log: { _ in })
    defer { transport.close() }
    var processes: [Process] = []
    defer {
      for process in processes { process.kill(waitingUpTo: 10) }
    }
    for _ in 0..<workers {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: launch.executable)
      process.arguments = launch.arguments(ProbeJob.kind) + [
        "--broker", "redis://127.0.0.1:\(server.port)/0", "--name", name, "--concurrency", String(window),
      ]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try SpawningThread.start(process)
      processes.append(process)
    }
    return try await ProbeCoordinator.with(launch: launch, workers: 1, window: window, transport: transport, body)
  }
}
