#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SwitchyardDiagnostics
import Testing

/// Affinity keys across remote workers: jobs of one key meet one worker while it is bound, and
/// move on when that worker dies.
@Suite(.serialized, .timeLimit(.minutes(2)), .onAThreadOfItsOwn)
struct RemoteAffinityTests {
  @Test func jobsOfOneKeyRunOnTheWorkerTheKeyIsBoundTo() async throws {
    let cluster = try await RemotePoolCluster(workers: 2, concurrency: 8)
    defer { cluster.cleanUp() }
    let keys = ["a", "b", "c", "d"]
    // Interleaved, so that each key's jobs reach the stream while both workers read it.
    for index in 0..<4 {
      for key in keys {
        try cluster.start("\(key)\(index)", ProbeJob(tag: "\(key)\(index)", outputs: 3, intervalMillis: 100, affinity: key))
      }
    }
    var everyPID: Set<Int32> = []
    for key in keys {
      var pids: Set<Int32> = []
      for index in 0..<4 {
        let run = try await cluster.wait(for: "\(key)\(index)") { $0.outcome != .running }
        #expect(run.outcome == .finished, "\(key)\(index): \(run)")
        #expect(run.attempts == 1)
        pids.formUnion(run.workerPIDs)
      }
      #expect(pids.count == 1, "key \(key) ran on one worker: \(pids); log:\n\(cluster.log.suffix(2000))")
      everyPID.formUnion(pids)
    }
    #expect(!everyPID.isEmpty)
    try await cluster.eventually("the stream to empty") { try cluster.backlog().length == 0 }
  }

  @Test func aKeyBoundToAKilledWorkerMovesToTheOther() async throws {
    let cluster = try await RemotePoolCluster(workers: 2, claimIdleMillis: 1000, concurrency: 4)
    defer { cluster.cleanUp() }
    // Outputs far enough apart that the job still runs when the test, however late, kills its worker.
    try cluster.start("s0", ProbeJob(tag: "s0", outputs: 4, intervalMillis: 1_000, affinity: "session"))
    let first = try await cluster.wait(for: "s0") { !$0.outputs.isEmpty }
    let victim = try #require(cluster.worker(first.workerPIDs[0]))
    victim.send(SIGKILL)
    let rerun = try await cluster.wait(for: "s0", within: 30) { $0.outcome != .running }
    #expect(rerun.outcome == .finished, "\(rerun)")
    #expect(rerun.attempts == 2)
    let survivor = try #require(Set(rerun.workerPIDs).subtracting([victim.pid]).first)
    // The key is bound to the survivor now: a new job of it runs there, not on the dead worker.
    try cluster.start("s1", ProbeJob(tag: "s1", outputs: 2, intervalMillis: 50, affinity: "session"))
    let next = try await cluster.wait(for: "s1", within: 30) { $0.outcome != .running }
    #expect(next.outcome == .finished, "\(next)")
    #expect(next.attempts == 1)
    #expect(next.workerPIDs == [survivor])
  }
}
