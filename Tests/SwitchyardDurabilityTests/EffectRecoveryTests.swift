import ComposableArchitecture
import Foundation
import SwitchyardDiagnostics
import SwitchyardJournal
import SwitchyardTestSupport
import SwitchyardWire
import Testing

@testable import SwitchyardDurability
@testable import SwitchyardRuntime

/// Remote effects across a coordinator's stop: their ends are journaled, and a coordinator
/// restarted on the same data directory starts again those that were in flight — running a
/// retryable job again, failing any other with `coordinatorRestarted` — and leaves ended ones alone.
@MainActor
@Suite(.serialized)
struct EffectRecoveryTests {
  typealias Lifetime = JournaledLifetime<ProbeFeature>

  func dataDirectory() -> String {
    uniqueTemporaryPath("effect-recovery")
  }

  @Test func effectsInFlightAtACrashAreStartedAgainAndEndedOnesAreNot() async throws {
    let directory = dataDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try await withTimeout(120, "effects across a crash") {
      let first = try Lifetime(dataDirectory: directory)
      do {
        first.coordinator.store.send(.start(name: "quick", job: ProbeJob(tag: "q"), cancelInFlight: false))
        // Twenty seconds of outputs each, so that however long other suites hold the main actor,
        // both are still running when the coordinator crashes (six were too few: a fresh clone's
        // full run held it until "retried" had finished).
        first.coordinator.store.send(
          .start(name: "retried", job: ProbeJob(tag: "r", outputs: 10, intervalMillis: 2_000), cancelInFlight: false)
        )
        first.coordinator.store.send(
          .start(name: "once", job: ProbeJob(tag: "o", outputs: 10, intervalMillis: 2_000, retryable: false), cancelInFlight: false)
        )
        try await first.waitForRun("quick") { $0.outcome == .finished }
        try await first.waitForRun("retried") { !$0.outputs.isEmpty }
        try await first.waitForRun("once") { !$0.outputs.isEmpty }
      } catch {
        await first.crash()
        throw error
      }
      let quickBefore = first.runs["quick"]
      await first.crash()

      let second = try Lifetime(dataDirectory: directory)
      do {
        #expect(second.runs["quick"] == quickBefore, "an ended effect is not run again")
        #expect(second.runs["retried"]?.outcome == .running)
        #expect(second.log.lines.contains { $0.contains("2 remote effects were in flight") }, "\(second.log.lines)")
        try await second.waitForRun("once") { $0.outcome == .failed }
        #expect(second.runs["once"]?.failure?.code == .coordinatorRestarted)
        // Run again whole: twenty seconds of outputs, on a worker that may itself be replaced (a full
        // run's stall kept one from saying hello within 10 s), so 30 s were too few beside the
        // whole suite.
        try await second.waitForRun("retried", within: 90) { $0.outcome == .finished }
        #expect(second.runs["retried"]?.outputs.last == 9)
        #expect(second.runs["quick"] == quickBefore)
      } catch {
        await second.crash()
        print(second.log.lines.joined(separator: "\n"))
        throw error
      }
      let settled = second.runs
      await second.shutDown()

      let third = try Lifetime(dataDirectory: directory)
      #expect(third.runs == settled)
      #expect(!third.log.lines.contains { $0.contains("in flight") }, "every effect's end was journaled: \(third.log.lines)")
      await third.shutDown()
    }
  }

  @Test func anActionSentOverTheControlSocketIsJournaledAsTheJSONItArrivedAs() async throws {
    let directory = dataDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try await withTimeout(120, "a sent action's record") {
      let first = try Lifetime(dataDirectory: directory, servesControlSocket: true)
      // The job leaves out every field with a default: an encoded ProbeJob would spell them all.
      let action = try WireJSONDecoder().parse(Array(#"{"start":{"name":"typed","job":{"tag":"t"},"cancelInFlight":false}}"#.utf8))
      let path = try #require(first.coordinator.socketPath)
      let reply = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ControlMessage, any Error>) in
        Thread.detachNewThread {
          continuation.resume(with: Result { try ControlClient(socketPath: path).request(.send(id: 1, action: action)) })
        }
      }
      #expect(reply == .sent(id: 1, sequence: 1))
      try await first.waitForRun("typed") { $0.outcome == .finished }
      await first.shutDown()

      let payload = try #require(JournalHistory(directory: directory).records().first?.payload)
      let text = String(decoding: payload, as: UTF8.self)
      #expect(text.hasPrefix(#"{"action":{"start":"#), "\(text)")
      #expect(text.contains(#"{"tag":"t"}"#) && !text.contains("intervalMillis"), "journaled as sent: \(text)")

      let second = try Lifetime(dataDirectory: directory)
      #expect(second.runs["typed"]?.outcome == .finished)
      #expect(second.runs["typed"]?.tag == "t")
      await second.shutDown()
    }
  }

  @Test func anEffectRunningAtAnOrderlyShutdownIsStartedAgain() async throws {
    let directory = dataDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try await withTimeout(120, "an effect across a shutdown") {
      let first = try Lifetime(dataDirectory: directory)
      first.coordinator.store.send(
        .start(name: "listener", job: ProbeJob(tag: "l", outputs: 3, intervalMillis: 1_000), cancelInFlight: false)
      )
      try await first.waitForRun("listener") { !$0.outputs.isEmpty }
      await first.shutDown()

      let second = try Lifetime(dataDirectory: directory)
      try await second.waitForRun("listener") { $0.outcome == .finished }
      #expect(second.log.lines.contains { $0.contains("1 remote effects were in flight") }, "\(second.log.lines)")
      await second.shutDown()
    }
  }

  @Test func aCancelledEffectIsNotStartedAgain() async throws {
    let directory = dataDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try await withTimeout(120, "a cancelled effect across a crash") {
      let first = try Lifetime(dataDirectory: directory)
      first.coordinator.store.send(
        .start(name: "slow", job: ProbeJob(tag: "s1", outputs: 5, intervalMillis: 400), cancelInFlight: false)
      )
      // Superseding cancels the first job; the second is still running at the crash.
      first.coordinator.store.send(
        .start(name: "slow", job: ProbeJob(tag: "s2", outputs: 2, intervalMillis: 300), cancelInFlight: true)
      )
      first.coordinator.store.send(.start(name: "gone", job: ProbeJob(tag: "g", outputs: 5, intervalMillis: 400), cancelInFlight: false))
      first.coordinator.store.send(.cancel(name: "gone"))
      await first.crash()

      let second = try Lifetime(dataDirectory: directory)
      #expect(second.log.lines.contains { $0.contains("1 remote effects were in flight") }, "\(second.log.lines)")
      try await second.waitForRun("slow") { $0.outcome == .finished }
      #expect(second.runs["slow"]?.tag == "s2")
      #expect(second.runs["slow"]?.staleEvents == 0, "the superseded job stayed cancelled")
      #expect(second.runs["gone"]?.outcome == .cancelled)
      #expect(second.runs["gone"]?.staleEvents == 0)
      await second.shutDown()
    }
  }

  /// Runs a job that outlives a snapshot (taken after the second action) beside one started after
  /// it, crashes, and returns the restarted coordinator.
  func crashAfterASnapshotTakenWhileAJobRan(in directory: String, snapshotsKept: Int) async throws -> Lifetime {
    let policy = SnapshotPolicy(everyActions: 2, every: nil)
    let first = try Lifetime(dataDirectory: directory, policy: policy, snapshotsKept: snapshotsKept)
    first.coordinator.store.send(
      .start(name: "old", job: ProbeJob(tag: "o", outputs: 3, intervalMillis: 2_000), cancelInFlight: false)
    )
    first.coordinator.store.send(.cancel(name: "nothing"))
    first.coordinator.store.send(
      .start(name: "new", job: ProbeJob(tag: "n", outputs: 3, intervalMillis: 2_000), cancelInFlight: false)
    )
    try await eventually("the snapshot") { first.journal.journal.status.snapshotSequence == 2 }
    await first.crash()
    return try Lifetime(dataDirectory: directory, policy: policy, snapshotsKept: snapshotsKept)
  }

  /// The newest snapshot was taken while an effect of an earlier action ran: recovery replays from
  /// the snapshot before that action, so the effect is made, and started, again.
  @Test func anEffectInFlightAtTheNewestSnapshotIsStartedAgainFromTheOneBefore() async throws {
    let directory = dataDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try await withTimeout(120, "an effect older than the newest snapshot") {
      let second = try await crashAfterASnapshotTakenWhileAJobRan(in: directory, snapshotsKept: 2)
      #expect(second.journal.journal.recovery.snapshotSequence == 0, "the initial snapshot, before the old job's action")
      #expect(second.log.lines.contains { $0.contains("2 remote effects were in flight") }, "\(second.log.lines)")
      #expect(!second.log.lines.contains { $0.contains("cannot be made again") }, "\(second.log.lines)")
      try await second.waitForRun("old") { $0.outcome == .finished }
      await second.shutDown()
    }
  }

  /// With no snapshot kept from before that action, the effect cannot be made again: recovery
  /// names it instead of forgetting it.
  @Test func anEffectOlderThanEveryKeptSnapshotIsNamedNotForgotten() async throws {
    let directory = dataDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try await withTimeout(120, "an effect older than every kept snapshot") {
      let second = try await crashAfterASnapshotTakenWhileAJobRan(in: directory, snapshotsKept: 1)
      #expect(second.journal.journal.recovery.snapshotSequence == 2)
      let warning = second.log.lines.first { $0.contains("before the snapshot recovery started from (2)") }
      #expect(warning?.contains("1 remote effects") == true && warning?.contains(": 1#0;") == true, "\(second.log.lines)")
      // The effect made after the snapshot is replayed, and started again as before.
      #expect(second.log.lines.contains { $0.contains("1 remote effects were in flight") }, "\(second.log.lines)")
      await second.shutDown()
    }
  }

  /// The snapshot a start takes after `--skip-record` (or `--accept-divergence`) comes before the
  /// effects recovery found open are started again: it lists them as in flight, so that a crash
  /// before they end does not forget them.
  @Test func theSnapshotAfterASkippedRecordListsTheEffectsRecoveryFoundOpen() async throws {
    let directory = dataDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try await withTimeout(120, "an effect across a start that skipped a record") {
      let first = try Lifetime(dataDirectory: directory)
      first.coordinator.store.send(
        .start(name: "listener", job: ProbeJob(tag: "l", outputs: 3, intervalMillis: 2_000), cancelInFlight: false)
      )
      first.coordinator.store.send(.cancel(name: "nothing"))
      try await first.waitForRun("listener") { !$0.outputs.isEmpty }
      await first.crash()

      // Record 2 is the cancel; the snapshot follows the replay, before the listener starts again.
      let second = try Lifetime(dataDirectory: directory, skipping: 2)
      try await eventually("the snapshot after the skipped record") { (second.journal.journal.status.snapshotSequence ?? 0) > 2 }
      await second.crash()

      let third = try Lifetime(dataDirectory: directory)
      #expect(third.log.lines.contains { $0.contains("1 remote effects were in flight") }, "\(third.log.lines)")
      try await third.waitForRun("listener") { $0.outcome == .finished }
      await third.shutDown()
    }
  }

  @Test func aDirectoryOfTheFirstFormatRestartsNoEffectItCannotAccountFor() async throws {
    let directory = dataDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try await withTimeout(120, "an upgraded data directory") {
      let first = try Lifetime(dataDirectory: directory)
      first.coordinator.store.send(
        .start(name: "old", job: ProbeJob(tag: "o", outputs: 3, intervalMillis: 400), cancelInFlight: false)
      )
      await first.crash()
      // As format 1 left it: the same records, without ends of effects.
      try Data("switchyard-journal 1\n".utf8).write(to: URL(fileURLWithPath: directory + "/FORMAT"))

      let second = try Lifetime(dataDirectory: directory)
      #expect(second.journal.journal.recovery.olderFormatThrough > 0)
      #expect(second.log.lines.contains { $0.contains("were not started again") }, "\(second.log.lines)")
      #expect(second.runs["old"]?.outcome == .running)
      #expect(second.runs["old"]?.outputs.isEmpty == true)
      await second.shutDown()
    }
  }
}
