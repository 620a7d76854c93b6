import ComposableArchitecture
import Foundation
import SwitchyardJournal
import SwitchyardTestSupport
import Testing

@testable import SwitchyardDurability
@testable import SwitchyardRuntime

/// The `poison` file says whether the action a coordinator died on was live or replayed: a live
/// action's number can go to a record a later start journals, and that record is not the one that
/// killed anything.
@MainActor
@Suite struct PoisonFileTests {
  struct Counter: Reducer {
    struct State: Codable, Equatable, Sendable { var count = 0 }
    enum Action: Codable, Equatable, Sendable { case incremented }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 1
      return .none
    }
  }

  @Test func eachFormReadsAsWhatItSays() {
    #expect(PoisonRecord(line: "4 4 live\n") == PoisonRecord(sequence: 4, signal: 4, moment: .live))
    #expect(PoisonRecord(line: "9 5 replay\n") == PoisonRecord(sequence: 9, signal: 5, moment: .replay))
    #expect(
      PoisonRecord(line: "4 4 live 3 0\n")
        == PoisonRecord(sequence: 4, signal: 4, moment: .live, effect: EffectIdentity(action: 3, index: 0))
    )
    // An older build's lines say nothing of the moment.
    #expect(PoisonRecord(line: "4 4\n") == PoisonRecord(sequence: 4, signal: 4))
    #expect(PoisonRecord(line: "4 4 3 0\n") == PoisonRecord(sequence: 4, signal: 4, effect: EffectIdentity(action: 3, index: 0)))
    for damaged in ["", "4", "4 4 later", "4 4 live 3", "4 4 live 3 0 1", "x 4 live"] {
      #expect(PoisonRecord(line: damaged) == nil, "\(damaged)")
    }
  }

  @Test func onlyALiveActionOrAnOlderLinePastTheEndWasNeverJournaled() {
    #expect(PoisonRecord(sequence: 3, signal: 4, moment: .live).neverJournaled(lastSequence: 5))
    #expect(!PoisonRecord(sequence: 3, signal: 4, moment: .replay).neverJournaled(lastSequence: 5))
    #expect(PoisonRecord(sequence: 6, signal: 4).neverJournaled(lastSequence: 5))
    #expect(!PoisonRecord(sequence: 5, signal: 4).neverJournaled(lastSequence: 5))
  }

  @Test func aLiveActionsNumberTakenByALaterRecordStopsNoRecovery() async throws {
    let directory = try journalOfThreeActions()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // As a start that journaled record 3 leaves the file when it dies before emptying it.
    try write("3 4 live\n", inPoisonFileOf: directory)
    let log = LogLines()
    let (journal, state) = try open(directory, log: log)
    defer { journal.close() }
    #expect(state.count == 3)
    #expect(log.lines.joined(separator: "\n").contains("died of SIGILL reducing action 3, which was never journaled"), "\(log.lines)")
  }

  @Test func aReplayedRecordOrAnOlderLineNamingOneStopsRecovery() async throws {
    let directory = try journalOfThreeActions()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    for line in ["3 4 replay\n", "3 4\n"] {
      try write(line, inPoisonFileOf: directory)
      #expect(throws: JournalReplayError.poisoned(sequence: 3, action: "incremented", signal: "SIGILL"), "\(line)") {
        try open(directory, log: LogLines())
      }
    }
  }

  private func journalOfThreeActions() throws -> String {
    let directory = uniqueTemporaryPath("poison-file")
    let (journal, state) = try open(directory, log: LogLines())
    let store = Store(initialState: state) { JournaledReducer(Counter(), journal: journal) }
    for _ in 0..<3 { store.send(.incremented) }
    journal.close()
    return directory
  }

  private func open(_ directory: String, log: LogLines) throws -> (ActionJournal, Counter.State) {
    try ActionJournal.open(
      directory: directory, options: JournalOptions(), policy: SnapshotPolicy(everyActions: nil, every: nil),
      replay: ActionReplay(Counter()), initialState: Counter.State(), log: { log.append($0) }
    )
  }

  private func write(_ line: String, inPoisonFileOf directory: String) throws {
    try Data(line.utf8).write(to: URL(fileURLWithPath: PoisonRecord.path(in: directory)))
  }
}
