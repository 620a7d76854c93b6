import Foundation
import SwitchyardDiagnostics
import SwitchyardTestSupport
import SwitchyardWire
import Testing
@testable import SwitchyardRuntime

/// A job queued behind jobs that hold every slot of its pool fails once its queue timeout passes,
/// saying why, instead of waiting for ever (issue 32, item 11: feed listeners queued behind the
/// listeners of orphaned sessions never connected).
@Suite(.serialized, .onAThreadOfItsOwn)
struct QueueTimeoutTests {
  @Test func aJobQueuedBehindAFullPoolFailsWhenItsQueueTimeoutPasses() async throws {
    let coordinator = try CoordinatorProcess(arguments: ["--pools", "probe=1"])
    defer { coordinator.cleanUp() }
    try await withTimeout(120, "a queued job to time out") {
      let client = try await coordinator.connect()
      // Long-lived jobs in every one of the worker's 64 slots, as listeners hold them.
      let slots = PoolConfiguration(kind: ProbeJob.kind, size: 1).maxInFlightPerWorker
      for index in 0..<slots {
        let job = ProbeJob(tag: "hold", outputs: 1, intervalMillis: 600_000, timeoutMillis: 900_000)
        #expect(try client.request(.send(id: UInt64(index), action: Self.start("hold\(index)", job))) == .sent(id: UInt64(index), sequence: UInt64(index) + 1))
      }
      let waiting = ProbeJob(tag: "late", timeoutMillis: 900_000, queueTimeoutMillis: 500)
      #expect(try client.request(.send(id: 100, action: Self.start("late", waiting))) == .sent(id: 100, sequence: UInt64(slots) + 1))

      let started = ContinuousClock.now
      let run = try await client.probeRun("late", "the queued job to fail") { $0.outcome != .running }
      #expect(run.outcome == .failed)
      #expect(run.failure?.code == .timeout)
      #expect(run.failure?.message.contains("its queue timeout, for a worker") == true, "\(String(describing: run.failure))")
      #expect(ContinuousClock.now - started < .seconds(10))
      #expect(await coordinator.terminate() == 0)
    }
  }

  @Test func aJobAWorkerTookRunsPastItsQueueTimeout() async throws {
    let coordinator = try CoordinatorProcess(arguments: ["--pools", "probe=1"])
    defer { coordinator.cleanUp() }
    try await withTimeout(120, "a job running past its queue timeout") {
      let client = try await coordinator.connect()
      // Ready first: waiting for the worker to start counts toward the queue timeout too.
      try await eventually("the probe worker to be ready") { (try? client.status().workers.contains { $0.state == "ready" }) == true }
      let job = ProbeJob(tag: "long", outputs: 1, intervalMillis: 1_500, timeoutMillis: 30_000, queueTimeoutMillis: 300)
      #expect(try client.request(.send(id: 1, action: Self.start("long", job))) == .sent(id: 1, sequence: 1))
      let run = try await client.probeRun("long", "the job to end") { $0.outcome != .running }
      #expect(run.outcome == .finished, "\(String(describing: run.failure))")
      #expect(await coordinator.terminate() == 0)
    }
  }

  static func start(_ name: String, _ job: ProbeJob) throws -> JSONValue {
    .object(["start": .object(["name": .string(name), "job": try WireJSONEncoder().encodeValue(job), "cancelInFlight": false])])
  }
}
