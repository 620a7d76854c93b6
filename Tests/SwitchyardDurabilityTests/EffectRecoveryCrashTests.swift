#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SwitchyardDiagnostics
import SwitchyardTestSupport
import SwitchyardWire
import Testing
@testable import SwitchyardRuntime

/// `switchyard start` killed with SIGKILL while a retryable remote effect emits, and started again
/// on the same data directory: the effect runs again, and the outputs delivered before the crash
/// are not delivered a second time (issue 15).
@Suite(.serialized, .onAThreadOfItsOwn)
struct EffectRecoveryCrashTests {
  static let arguments = ["--pools", "probe=1", "--fsync", "always"]

  @Test func outputsDeliveredBeforeACrashAreNotDeliveredAgain() async throws {
    let first = try CoordinatorChild(arguments: Self.arguments)
    defer { first.cleanUp() }
    try await withTimeout(120, "an effect's outputs across a crash") {
      let client = try await first.connect()
      let start: JSONValue = .object([
        "start": .object([
          "name": "c", "job": .object(["tag": "c", "outputs": 10, "intervalMillis": 1_000]), "cancelInFlight": false,
        ])
      ])
      #expect(try client.request(.send(id: 1, action: start)) == .sent(id: 1, sequence: 1))
      // Under `always` an output's action is on disk once it is in the state: these two survive.
      // Ten seconds of outputs: a full run once held this test past a 1.8 s job before it looked.
      let before = try await client.probeRun("c", "two outputs before the crash") { $0.outputs.count >= 2 }
      first.crash()
      try #require(before.outcome == .running, "the job finished before the crash: \(before)")
      for pid in before.workerPIDs {
        try await eventually("worker \(pid) to end with its coordinator") { !processExists(pid) }
      }

      let restarted = try CoordinatorChild(arguments: Self.arguments, runDirectory: first.runDirectory)
      defer { restarted.cleanUp() }
      let again = try await restarted.connect()
      let after = try await again.probeRun("c", "the job to finish after the restart") { $0.outcome != .running }
      #expect(after.outcome == .finished, "\(after)")
      #expect(after.outputs == Array(0..<10), "each output exactly once, in order; before the crash: \(before.outputs)")
      #expect(Array(after.outputs.prefix(before.outputs.count)) == before.outputs)
      #expect(restarted.log.contains("1 remote effects were in flight"), "\(restarted.log)")
      #expect(await restarted.terminate() == 0)
    }
  }
}
