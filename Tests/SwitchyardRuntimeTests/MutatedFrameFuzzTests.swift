import ComposableArchitecture
import Foundation
import SwitchyardDiagnostics
import SwitchyardTestSupport
import Testing
@testable import SwitchyardRuntime

/// Workers that write 100,000 mutated frames between them: the coordinator never crashes, drops
/// what is wrong in shape, restarts each worker whose stream breaks, and every effect ends.
///
/// The coordinator runs in a child process — this test binary again, running
/// ``fuzzInAProcessOfItsOwn()`` — because reading that many frames keeps a main actor busy for
/// seconds, and in this process every other suite's in-process store waits on the same one.
@MainActor
@Suite(.serialized)
struct MutatedFrameFuzzTests {
  @Test func aHundredThousandMutatedFramesNeverCrashTheCoordinatorAndBrokenWorkersAreRestarted() async throws {
    let child = try await ProcessOfItsOwn.expectPasses("fuzzInAProcessOfItsOwn", within: 180)
    #expect(child.output.contains("fuzz: "), "the fuzz child ran no fuzz:\n\(child.output.suffix(4_000))")
  }

  @Test(ProcessOfItsOwn.only("fuzzInAProcessOfItsOwn"))
  func fuzzInAProcessOfItsOwn() async throws {
    // One job at a time per worker, so a burst is not cut into by another job's frames.
    try await withCoordinator(pool: testPool(size: 2, maxInFlightPerWorker: 1), seconds: 120) { coordinator, log in
      // Frames the coordinator read and refused: dropped for their shape, or fenced as stale.
      @MainActor func refused() -> (dropped: Int, stale: Int) {
        let dropped = log.lines.count { $0.contains("dropped a message the coordinator does not understand") }
        return (dropped, Int(coordinator.runtime.effects.staleFrames))
      }
      // × 1,000 frames each, in rounds of 50 jobs until the coordinator has read a hundred thousand:
      // a broken stream, or a worker killed as silent on a busy machine, loses the rest of its burst.
      var (started, finished) = (0, 0)
      while started < 400, case let (dropped, stale) = refused(), dropped + stale < 100_000 {
        let round = started..<started + 50
        for index in round {
          let job = ProbeJob(tag: "f\(index)", outputs: 2, behavior: .mutatedFrames, misbehaveAfter: 1)
          coordinator.store.send(.start(name: "f\(index)", job: job, cancelInFlight: false))
        }
        for index in round {
          let run = try await coordinator.waitForRun("f\(index)") { $0.outcome != .running }
          if run.outcome == .finished {
            finished += 1
          } else {
            // A mutated `failed` or a worker killed once too often: a code, never silence.
            #expect(run.failure != nil)
          }
        }
        started = round.upperBound
      }
      #expect(finished > started / 2)
      try await coordinator.waitUntilReady(2, within: 30)
      let (dropped, stale) = refused()
      #expect(dropped + stale >= 100_000)
      let pool = coordinator.probePool
      #expect(pool.restarts >= 1)
      #expect(pool.health == "healthy")
      print("fuzz: \(dropped) dropped, \(stale) stale, \(pool.restarts) workers restarted, \(finished)/\(started) runs finished")
    }
  }
}
