import ComposableArchitecture
import Foundation
import SwitchyardJournal
import SwitchyardTestSupport
import Testing

@testable import SwitchyardDurability
@testable import SwitchyardRuntime

/// A divergence that `start --accept-divergence` accepted, journaled in a `divergenceAccepted`
/// record after it, passes `verify` and every later `start`, listed with that record; one after
/// the record, or another than it lists, does not: `verify` and `start` agree wherever both replay.
@MainActor
@Suite struct AcceptedDivergenceTests {
  /// Directories clean, diverging, diverging then accepted, and accepted then diverging again,
  /// each replayed by builds that `start` replays as far as `verify` does.
  @Test func verifyPassesADirectoryExactlyWhenStartWithoutTheFlagWouldNotRefuseIt() async throws {
    let clean = uniqueTemporaryPath("agree-clean")
    let accepted = uniqueTemporaryPath("agree-accepted")
    let divergingAgain = uniqueTemporaryPath("agree-again")
    let effects = uniqueTemporaryPath("agree-effects")
    defer { for directory in [clean, accepted, divergingAgain, effects] { try? FileManager.default.removeItem(atPath: directory) } }
    try await journalThenCrash(clean, Tally(), Tally.State(), [.add(1), .add(2), .add(3)])
    try await journalThenCrash(accepted, Tally(), Tally.State(), [.add(1), .add(2), .add(3)])
    try acceptDivergence(accepted, Tally(bonus: 100), Tally.State())
    try FileManager.default.copyItem(atPath: accepted, toPath: divergingAgain)
    try await journalThenCrash(divergingAgain, Tally(bonus: 100), Tally.State(), [.add(4), .add(5)])
    try await journalThenCrash(effects, Ledger(), Ledger.State(), [.add(1), .add(2)])
    try acceptDivergence(effects, Ledger(jobBonus: 1), Ledger.State())
    try await journalThenCrash(effects, Ledger(jobBonus: 1), Ledger.State(), [.add(3)])

    let cases: [(directory: String, build: String, passes: Bool, replay: @MainActor (String) throws -> (VerificationReport, Bool))] = [
      (clean, "its own build", true, { try check($0, Tally(), Tally.State()) }),
      (clean, "a changed reducer", false, { try check($0, Tally(bonus: 100), Tally.State()) }),
      (accepted, "the build that accepted", true, { try check($0, Tally(bonus: 100), Tally.State()) }),
      (divergingAgain, "the build that accepted", true, { try check($0, Tally(bonus: 100), Tally.State()) }),
      (divergingAgain, "a build that diverges again", false, { try check($0, Tally(bonus: 200), Tally.State()) }),
      (effects, "the build that accepted", true, { try check($0, Ledger(jobBonus: 1), Ledger.State()) }),
      (effects, "a build starting other jobs again", false, { try check($0, Ledger(jobBonus: 2), Ledger.State()) }),
      (effects, "a build making one more effect", false, { try check($0, Ledger(jobBonus: 1, alsoSends: true), Ledger.State()) }),
    ]
    for (directory, build, passes, replay) in cases {
      let copy = uniqueTemporaryPath("agree-copy")
      defer { try? FileManager.default.removeItem(atPath: copy) }
      // `start` writes to the directory it opens: each check gets a copy of its own.
      try FileManager.default.copyItem(atPath: directory, toPath: copy)
      let (report, refused) = try replay(copy)
      let name = "\(directory.split(separator: "/").last ?? "") through \(build)"
      #expect(report.passed == passes, "\(name): \(report.divergence.map { "\($0)" } ?? report.summary)")
      #expect(refused == !report.passed, "\(name): start refused \(refused), verify passed \(report.passed)")
    }
  }

  /// `verify` replays from the oldest snapshot, where `start` replays nothing before the snapshot
  /// the accepting start took: a build whose divergence there is another than the record lists
  /// fails `verify` (as a `start` from an older snapshot would refuse it).
  @Test func aDivergenceOfAnotherActionOrKindThanTheRecordListsStillFails() async throws {
    let directory = uniqueTemporaryPath("accepted")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try await journalThenCrash(directory, Ledger(), Ledger.State(), [.add(1), .add(2)])
    let record = try acceptDivergence(directory, Ledger(jobBonus: 1), Ledger.State())
    let same = try JournalVerification.verify(directory: directory, replay: ActionReplay(Ledger(jobBonus: 1)))
    #expect(same.passed && same.accepted.map(\.divergence.kind) == [.effects, .effects] && same.accepted.allSatisfy { $0.record == record })
    for other in [Ledger(jobBonus: 2), Ledger(jobBonus: 1, alsoSends: true)] {
      let report = try JournalVerification.verify(directory: directory, replay: ActionReplay(other))
      #expect(!report.passed && report.divergence?.kind == .effects && report.divergence?.sequence == 1, "\(report)")
      #expect(report.accepted.isEmpty)
    }
  }

  @Test func verifyListsTheAcceptedDivergencesWithTheRecordThatAcceptedThem() async throws {
    let directory = uniqueTemporaryPath("accepted")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try await journalThenCrash(directory, Tally(), Tally.State(), [.add(1), .add(2), .add(3)])
    let before = Date()
    let record = try acceptDivergence(directory, Tally(bonus: 100), Tally.State())

    let report = try JournalVerification.verify(directory: directory, replay: ActionReplay(Tally(bonus: 100)))
    #expect(report.passed, "\(report.divergence.map { "\($0)" } ?? "")")
    // Each divergence the record lists (every digested record's: digests are taken as their cost allows).
    let payload = try #require(try JournalHistory(directory: directory).records(from: record, limit: 1).first).payload
    let listed = try #require(DivergenceAcceptedRecord(payload: payload))
    #expect(!listed.divergenceAccepted.divergences.isEmpty)
    #expect(report.accepted.map(\.divergence.sequence) == listed.divergenceAccepted.divergences.map(\.sequence))
    #expect(report.accepted.allSatisfy { $0.record == record && $0.build == 1 && $0.divergence.kind == .state })
    let acceptedAt = try #require(report.accepted.first?.acceptedAt)
    #expect(acceptedAt >= before.addingTimeInterval(-1) && acceptedAt <= Date())
    #expect(report.accepted.first?.divergence.actions.map(\.path) == ["add"])
    #expect(report.summary.contains(", \(report.accepted.count) divergence"), "\(report.summary)")
    let line = try #require(report.acceptedLines.first)
    #expect(line.contains("state of record 1 (add), accepted by record \(record) ("), "\(line)")
  }

  @Test func aStartFromASnapshotOlderThanTheRecordPassesWhatItAccepted() async throws {
    let directory = uniqueTemporaryPath("accepted")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try await journalThenCrash(directory, Tally(), Tally.State(), [.add(1), .add(2), .add(3)])
    let record = try acceptDivergence(directory, Tally(bonus: 100), Tally.State())
    try await journalThenCrash(directory, Tally(bonus: 100), Tally.State(), [.add(4)])
    // As when effects were in flight at the snapshot the accepting start took: the next start
    // restores from the one before and replays the diverging records again.
    let snapshot = try #require(try FileManager.default.contentsOfDirectory(atPath: directory).first {
      $0.hasPrefix("snapshot-") && $0.hasSuffix(".snap") && UInt64($0.dropFirst("snapshot-".count).dropLast(".snap".count)) == record
    })
    try FileManager.default.removeItem(atPath: "\(directory)/\(snapshot)")
    #expect(try JournalHistory(directory: directory).snapshotSequences() == [0])

    let log = LogLines()
    let (journal, state) = try open(directory, Tally(bonus: 100), Tally.State(), log: { log.append($0) })
    journal.close()
    #expect(state.total == 410)
    #expect(
      log.lines.contains { $0.contains("where the journal says it was accepted") && $0.contains("accepted by record \(record)") },
      "\(log.lines)"
    )
    // Another reducer diverging at the same records reaches another state than the record after
    // the accepted one recorded.
    let error = #expect(throws: JournalReplayError.self) { try open(directory, Tally(bonus: 7), Tally.State()).journal.close() }
    guard case let .replayDiverged(divergence)? = error else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(divergence.sequence == record + 1)
  }

  /// Replay finds the record that accepted a divergence in pages of records read ahead; a page
  /// that reached damage a later snapshot covers was lost whole, and verify failed at the
  /// divergence as if nothing had accepted it, never reaching the damage.
  @Test func aDivergenceAcceptedBeforeDamageALaterSnapshotCoversIsStillAccepted() async throws {
    let directory = uniqueTemporaryPath("accepted")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try await journalThenCrash(directory, Tally(), Tally.State(), [.add(1), .add(2), .add(3)])
    let record = try acceptDivergence(directory, Tally(bonus: 100), Tally.State())
    try await journalThenCrash(directory, Tally(bonus: 100), Tally.State(), [.add(4), .add(5)])
    // An orderly stop snapshots the state after the record to be damaged.
    let (journal, state) = try open(directory, Tally(bonus: 100), Tally.State())
    let store = Store(initialState: state) { JournaledReducer(Tally(bonus: 100), journal: journal) }
    await store.send(.add(6)).finish()
    journal.close(finalState: store.withState { $0 })
    let snapshot = try #require(try JournalHistory(directory: directory).snapshotSequences().last)
    let damaged = record + 1
    try #require(snapshot > damaged)
    let path = directory + "/segment-00000000000000000001.log"
    var bytes = [UInt8](try #require(FileManager.default.contents(atPath: path)))
    let offset = try #require(Self.offset(ofRecord: damaged, in: bytes))
    bytes[offset + 30] ^= 0x40
    try Data(bytes).write(to: URL(fileURLWithPath: path))

    let report = try JournalVerification.verify(directory: directory, replay: ActionReplay(Tally(bonus: 100)))
    #expect(report.divergence == nil, "\(report.divergence.map { "\($0)" } ?? "")")
    #expect(!report.accepted.isEmpty && report.accepted.allSatisfy { $0.record == record })
    #expect(report.damaged.map(\.records) == [damaged...snapshot])
    #expect(!report.passed)
  }

  // MARK: - Helpers

  /// Where record `sequence` starts in `segment`'s bytes, following each record's length field.
  private static func offset(ofRecord sequence: UInt64, in segment: [UInt8]) -> Int? {
    var offset = 16
    while offset + 24 <= segment.count {
      let field = { (at: Int, count: Int) in segment[(offset + at)..<(offset + at + count)].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
      if field(8, 8) == sequence { return offset }
      offset += 24 + Int(field(0, 4))
    }
    return nil
  }

  /// `start --accept-divergence` through `reducer`; returns the sequence of its `divergenceAccepted` record.
  @discardableResult
  private func acceptDivergence<Base: Reducer>(_ directory: String, _ reducer: Base, _ initial: Base.State) throws -> UInt64
  where Base.State: Codable & Sendable, Base.Action: Codable {
    let (journal, _) = try open(directory, reducer, initial, accepting: true)
    journal.close()
    return try #require(try newestDivergenceAccepted(in: directory)).sequence
  }
}

/// `verify` through `reducer`, then whether `start` without `--accept-divergence` refuses.
@MainActor
private func check<Base: Reducer>(_ directory: String, _ reducer: Base, _ initial: Base.State) throws -> (VerificationReport, Bool)
where Base.State: Codable & Sendable, Base.Action: Codable {
  let report = try JournalVerification.verify(directory: directory, replay: ActionReplay(reducer))
  do {
    try open(directory, reducer, initial).journal.close()
    return (report, false)
  } catch is JournalReplayError {
    return (report, true)
  }
}
