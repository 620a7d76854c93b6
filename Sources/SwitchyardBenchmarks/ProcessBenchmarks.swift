#if canImport(Glibc)
import Glibc
#endif
import ComposableArchitecture
import Foundation
import SwitchyardDiagnostics
import SwitchyardRuntime
import SwitchyardWire

/// The process boundary: a remote effect's round trip against a raw pipe ping-pong with a frame of
/// the same size, measured in the same run under the same CPU pinning, and remote effects
/// pipelined through one and two workers.
///
/// Workers are started with `launch`, normally this executable (`/proc/self/exe worker probe`).
enum ProcessBenchmarks {
  static func cases(launch: WorkerLaunch) -> [BenchmarkCase] {
    [
      roundTrip(launch: launch), pipelined(launch: launch, workers: 1), pipelined(launch: launch, workers: 2),
      coordinatorCPU(launch: launch),
    ]
  }

  /// Round trips timed one by one, alternating raw and remote in blocks so load drift weighs on
  /// both alike; the headline is the ratio of their medians.
  static func roundTrip(launch: WorkerLaunch) -> BenchmarkCase {
    BenchmarkCase(
      name: "process.round-trip",
      summary: "remote effect round trip (reducer → worker → emitted action reduced) over raw pipe ping-pong",
      target: .atMostRatio(2)
    ) { harness in
      let rounds = harness.mode == .full ? 40 : 2
      let perBlock = harness.mode == .full ? 50 : 10
      let frame = [UInt8](repeating: UInt8(ascii: "x"), count: try probeFrameBytes())
      let raw = try RawEchoChild(launch: launch)
      defer { raw.stop() }
      let (rawTimes, remoteTimes, pinning) = try await ProbeCoordinator.with(launch: launch, workers: 1) { coordinator in
        // Quick mode runs inside `swift test`, whose every thread would be pinned to one CPU
        // with it; it checks that the case runs, not how fast.
        let pinning = harness.mode == .full ? CPUPinning.pin(workers: [raw.pid] + coordinator.workerPIDs) : nil
        defer { pinning?.unpin() }
        var buffer = [UInt8](repeating: 0, count: frame.count)
        var rawTimes: [Double] = []
        var remoteTimes: [Double] = []
        let clock = ContinuousClock()
        // The first block of each warms caches and the worker's handler; it is not counted.
        for round in 0...rounds {
          for _ in 0..<perBlock {
            let start = clock.now
            try raw.pingPong(frame, into: &buffer)
            if round > 0 { rawTimes.append(start.duration(to: clock.now).nanoseconds) }
          }
          for index in 0..<perBlock {
            let start = clock.now
            try await coordinator.roundTrip(tag: "\(round)-\(index)")
            if round > 0 { remoteTimes.append(start.duration(to: clock.now).nanoseconds) }
          }
        }
        return (rawTimes, remoteTimes, pinning?.description ?? "unpinned")
      }
      // Each operation timed alone is a batch of one.
      let rawSample = BenchmarkSample(perBatch: rawTimes, operationsPerBatch: 1)
      let remoteSample = BenchmarkSample(perBatch: remoteTimes, operationsPerBatch: 1)
      return BenchmarkMeasurement(
        value: remoteSample.medianNanoseconds / rawSample.medianNanoseconds,
        unit: .ratio,
        p99: remoteSample.p99Nanoseconds / rawSample.p99Nanoseconds,
        note: "remote p50 \(BenchmarkUnit.nanoseconds.format(remoteSample.medianNanoseconds)) "
          + "p99 \(BenchmarkUnit.nanoseconds.format(remoteSample.p99Nanoseconds)); "
          + "raw p50 \(BenchmarkUnit.nanoseconds.format(rawSample.medianNanoseconds)) "
          + "p99 \(BenchmarkUnit.nanoseconds.format(rawSample.p99Nanoseconds)); "
          + "\(frame.count) B frames; \(pinning)"
      )
    }
  }

  /// Effects started in windows without waiting for each, so the pipe and the workers stay busy,
  /// beside the same number of frames echoed through a raw pipe in the same run.
  static func pipelined(launch: WorkerLaunch, workers: Int) -> BenchmarkCase {
    BenchmarkCase(
      name: "process.pipelined.\(workers)-worker" + (workers == 1 ? "" : "s"),
      summary: "remote effects per second, pipelined through \(workers) worker" + (workers == 1 ? "" : "s"),
      target: .atLeastPerSecond(100_000)
    ) { harness in
      let run = try await pipelinedRun(launch: launch, workers: workers, mode: harness.mode)
      let raw = try rawEchoPerSecond(launch: launch, frames: run.effects)
      return BenchmarkMeasurement(
        value: run.perSecond,
        unit: .perSecond,
        note: "\(run.effects) effects in windows of \(run.window); raw-echo pipelined "
          + "\(BenchmarkUnit.perSecond.format(raw)), \(fixed(100 * run.perSecond / raw, digits: 1)) % of it; "
          + "\(fixed(Double(run.effects) / Double(max(1, run.wakes)), digits: 1)) effects per main-actor wake; "
          + workerCPUNote(run) + "unpinned"
      )
    }
  }

  /// The workers' CPU time per effect, beside the coordinator's: on a machine with few cores the
  /// two compete, so a worker's cost per job bounds the rate as much as the coordinator's.
  private static func workerCPUNote(_ run: PipelinedRun) -> String {
    guard let workerCPU = run.workerCPUNanoseconds else { return "" }
    return "workers' CPU \(BenchmarkUnit.nanoseconds.format(workerCPU / Double(run.effects))) per effect; "
  }

  /// The coordinator process's CPU time (user and system, all its threads, from `getrusage`) per
  /// effect across a pipelined run through one worker: what the runtime costs, however busy the
  /// machine.
  static func coordinatorCPU(launch: WorkerLaunch) -> BenchmarkCase {
    BenchmarkCase(
      name: "process.coordinator-cpu-per-effect",
      summary: "coordinator CPU time per remote effect, pipelined through 1 worker",
      target: .atMostNanoseconds(6_000)
    ) { harness in
      let run = try await pipelinedRun(launch: launch, workers: 1, mode: harness.mode)
      return BenchmarkMeasurement(
        value: run.cpuNanoseconds / Double(run.effects),
        unit: .nanoseconds,
        note: "\(run.effects) effects; \(BenchmarkUnit.perSecond.format(run.perSecond)) meanwhile; "
          + workerCPUNote(run)
          + "\(fixed(Double(run.effects) / Double(max(1, run.wakes)), digits: 1)) effects per main-actor wake"
      )
    }
  }

  /// What one pipelined run measured.
  private struct PipelinedRun {
    var effects: Int
    var window: Int
    var perSecond: Double
    /// This process's CPU time over the run.
    var cpuNanoseconds: Double
    /// The workers' CPU time over the run, where `/proc` tells it.
    var workerCPUNanoseconds: Double?
    var wakes: Int
  }

  /// One pipelined run: how many effects, their rate, and the CPU time this process and the
  /// workers spent on them.
  @MainActor
  private static func pipelinedRun(launch: WorkerLaunch, workers: Int, mode: BenchmarkMode) async throws -> PipelinedRun {
    // Quick mode only checks that effects flow, on however slow a build.
    let window = mode == .full ? 1_024 : 64
    let windows = mode == .full ? 40 : 1
    let (elapsed, cpu, workerCPU, wakes) = try await ProbeCoordinator.with(
      launch: launch, workers: workers, window: window
    ) { coordinator in
      // One window first, uncounted, to warm both sides.
      try await coordinator.pipeline(window: window, tag: "warm")
      let workerPIDs = coordinator.workerPIDs
      let clock = ContinuousClock()
      let start = clock.now
      let cpuStart = ProcessCPUTime.nanoseconds()
      let workerCPUStart = ChildCPUTime.nanoseconds(of: workerPIDs)
      let wakesStart = coordinator.wakeStatistics.wakes
      for index in 0..<windows {
        try await coordinator.pipeline(window: window, tag: "\(index)")
      }
      let elapsed = start.duration(to: clock.now).nanoseconds
      let cpu = ProcessCPUTime.nanoseconds() - cpuStart
      let workerCPU = ChildCPUTime.nanoseconds(of: workerPIDs, since: workerCPUStart)
      return (elapsed, cpu, workerCPU, coordinator.wakeStatistics.wakes - wakesStart)
    }
    let effects = window * windows
    return PipelinedRun(
      effects: effects, window: window, perSecond: Double(effects) / (elapsed / 1e9), cpuNanoseconds: cpu,
      workerCPUNanoseconds: workerCPU, wakes: wakes
    )
  }

  /// Frames per second through `worker raw-echo`, `frames` frames of a probe's size pipelined.
  private static func rawEchoPerSecond(launch: WorkerLaunch, frames: Int) throws -> Double {
    let frame = [UInt8](repeating: UInt8(ascii: "x"), count: try probeFrameBytes())
    let raw = try RawEchoChild(launch: launch)
    defer { raw.stop() }
    try raw.pipeline(frame, count: frames / 10)
    let clock = ContinuousClock()
    let start = clock.now
    try raw.pipeline(frame, count: frames)
    return Double(frames) / (start.duration(to: clock.now).nanoseconds / 1e9)
  }

  /// The size of the frames a probe round trip writes: the larger of its `run` and its `emit`.
  static func probeFrameBytes() throws -> Int {
    let encoder = WireJSONEncoder()
    let run = Run(
      effect: 1, generation: 1, kind: ProbeJob.kind.rawValue,
      job: try RawJSON(encoding: ProbeJob(tag: "0-0")), deadlineMillis: 30_000
    )
    let emit = Emit(
      effect: 1, generation: 1,
      output: try RawJSON(encoding: ProbeOutput(tag: "0-0", index: 0, attempt: 1))
    )
    let largest = max(try encoder.encode(WorkerMessage.run(run)).count, try encoder.encode(WorkerMessage.emit(emit)).count)
    return Frame.headerLength + largest
  }
}
