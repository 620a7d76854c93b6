import ComposableArchitecture
import Foundation
import SwitchyardJournal
import SwitchyardTestSupport
import Testing

@testable import SwitchyardDurability
@testable import SwitchyardRuntime

/// Replay that reaches another state than the journal recorded stops, naming the action and how
/// the state changed, unless told to accept it; `verify` finds the same offline.
@MainActor
@Suite struct DivergenceTests {
  @Test func aChangedReducerIsRefusedNamingTheActionThenAcceptedWithTheFlag() async throws {
    let directory = uniqueTemporaryPath("divergence")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try await journalThenCrash(directory, Tally(), Tally.State(), [.add(1), .add(2), .add(3)])

    // The same reducer replays as recorded.
    let (same, state) = try open(directory, Tally(), Tally.State())
    same.close()
    #expect(state.total == 6)

    let error = #expect(throws: JournalReplayError.self) { try open(directory, Tally(bonus: 100), Tally.State()) }
    guard case let .replayDiverged(divergence)? = error else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(divergence.kind == .state)
    #expect(divergence.actions.map(\.sequence) == [1])
    #expect(divergence.sequence == 1)
    #expect(divergence.actions.map(\.path) == ["add"])
    let message = "\(divergence)"
    #expect(message.contains("journal record 1 (add)") && message.contains("--accept-divergence"), "\(message)")
    #expect(divergence.diff?.contains("total: 101") == true, "\(divergence.diff ?? "no diff")")

    let log = LogLines()
    let (accepted, kept) = try open(directory, Tally(bonus: 100), Tally.State(), accepting: true, log: { log.append($0) })
    accepted.close()
    #expect(kept.total == 306)
    #expect(log.lines.contains { $0.contains("--accept-divergence") }, "\(log.lines)")
    // Its snapshot holds the state accepted: the next start replays nothing and is not refused.
    let (next, again) = try open(directory, Tally(bonus: 100), Tally.State())
    next.close()
    #expect(again.total == 306)
  }

  @Test func verifyPassesItsOwnBuildAndReportsTheFirstDivergenceOfAnother() async throws {
    let directory = uniqueTemporaryPath("verify")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try await journalThenCrash(directory, Tally(), Tally.State(), [.add(1), .add(2), .add(3)])

    let passed = try JournalVerification.verify(directory: directory, replay: ActionReplay(Tally()))
    #expect(passed.passed)
    #expect(passed.records >= 3 && passed.digests >= 1 && passed.lastRecord >= 3)
    #expect(passed.summary.contains("verified"))

    let before = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    let failed = try JournalVerification.verify(directory: directory, replay: ActionReplay(Tally(bonus: 100)))
    #expect(!failed.passed)
    #expect(failed.divergence?.actions.first?.sequence == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == before, "verify writes nothing")
  }

  /// Damage in an older segment that a later snapshot covers: `start` never reads it, but
  /// `verify`, an operator's health check, fails naming it with advice that holds (not `--repair`,
  /// which changes nothing there), and still checks every record after that snapshot.
  @Test func verifyFailsOnDamageALaterSnapshotCoversNamingItAndChecksTheRest() async throws {
    let directory = uniqueTemporaryPath("verify")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let options = JournalOptions(durability: .always, segmentSize: 200)
    for actions in [[1, 2, 3, 4, 5], [6, 7, 8]] {
      let (journal, state) = try ActionJournal.open(
        directory: directory, options: options, policy: SnapshotPolicy(everyActions: nil, every: nil),
        replay: ActionReplay(Tally()), initialState: Tally.State(), log: { _ in }
      )
      let store = Store(initialState: state) { JournaledReducer(Tally(), journal: journal) }
      for value in actions { await store.send(.add(value)).finish() }
      // An orderly stop snapshots: the first covers records 1 to 5.
      journal.close(finalState: store.withState { $0 })
    }
    let history = try JournalHistory(directory: directory)
    let snapshot = try #require(history.snapshotSequences().dropFirst().first)
    let segment = "segment-00000000000000000001.log"
    let path = directory + "/" + segment
    var bytes = try #require(FileManager.default.contents(atPath: path))
    bytes[16 + 30] ^= 0x40
    try bytes.write(to: URL(fileURLWithPath: path))

    let (journal, state) = try open(directory, Tally(), Tally.State())
    journal.close()
    #expect(state.total == 36, "start needs none of the damaged records")
    let report = try JournalVerification.verify(directory: directory, replay: ActionReplay(Tally()))
    #expect(!report.passed)
    #expect(report.damaged.map(\.segment) == [segment])
    #expect(report.damaged.map(\.records) == [1...snapshot])
    #expect(report.divergence == nil && report.failure == nil)
    let last = try history.lastSequence()
    #expect(report.fromSnapshot == 0 && report.records >= 3 && report.lastRecord == last, "\(report)")
    let problems = report.problems.joined(separator: "\n")
    for words in ["\(segment) at byte 16", "record 1 cannot be read", "does not need them", "switchyard backup", "Apart from the damage, verified"] {
      #expect(problems.contains(words), "\(problems) lacks \(words)")
    }
    #expect(!problems.contains("start with --repair"), "\(problems)")
  }

  @Test func recordsAnOlderVersionWroteBeforeAStateMigrationAreRefusedUnlessAccepted() async throws {
    let directory = uniqueTemporaryPath("divergence")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (journal, initial) = try open(directory, CatalogueV1(), CatalogueV1.State())
    let store = Store(initialState: initial) { JournaledReducer(CatalogueV1(), journal: journal) }
    await store.send(.added(id: "a", name: "A")).finish()
    journal.close()

    let error = #expect(throws: JournalReplayError.self) {
      try open(directory, CatalogueV2(), CatalogueV2.State(), version: 2, migrations: CatalogueV2.migrations)
    }
    guard case let .replayDiverged(divergence)? = error else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(divergence.kind == .unverifiable)
    #expect("\(divergence)".contains("orderly stop"), "\(divergence)")
    let (accepted, state) = try open(
      directory, CatalogueV2(), CatalogueV2.State(), version: 2, migrations: CatalogueV2.migrations, accepting: true
    )
    accepted.close()
    #expect(state.items == ["a": .init(name: "A", tags: [])])
  }

  @Test func digestsStayComparableAcrossAMigrationOfActionsAlone() async throws {
    let directory = uniqueTemporaryPath("divergence")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try await journalThenCrash(directory, Tally(), Tally.State(), [.add(1), .add(2), .add(3)])
    let (journal, state) = try open(directory, TallyV2(), Tally.State(), version: 2, migrations: TallyV2.migrations)
    journal.close()
    #expect(state.total == 6)
    let report = try JournalVerification.verify(
      directory: directory, replay: ActionReplay(TallyV2(), version: 2, migrations: TallyV2.migrations)
    )
    #expect(report.passed && report.digests >= 1 && report.olderDigests == 0, "\(report)")
  }
}
