import ComposableArchitecture
import Foundation
import SwitchyardJournal
import SwitchyardRuntime
import SwitchyardTestSupport
import SwitchyardWire
import Testing

@testable import SwitchyardDurability

/// A store whose root is a ``JournaledReducer``: reopening its data directory rebuilds exactly the
/// state it reached, dependencies' values included, from the snapshot and the journal after it.
@MainActor
@Suite struct JournaledStoreTests {
  /// Stamps each action with what every non-deterministic dependency says, and starts an effect
  /// that asks them again later, off the reduction.
  struct Stamps: Reducer {
    struct State: Codable, Equatable, Sendable {
      var stamps: [String] = []
    }

    enum Action: Codable, Equatable, Sendable {
      case stamp(String)
      case effectAnswered(String)
    }

    @Dependency(\.uuid) var uuid
    @Dependency(\.date) var date
    @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .stamp(name):
        let roll = withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
        state.stamps.append("\(name) \(uuid()) \(date.now.timeIntervalSince1970) \(roll)")
        let uuid = self.uuid
        return .run { send in await send(.effectAnswered("\(uuid())")) }
      case let .effectAnswered(text):
        state.stamps.append("effect \(text)")
        return .none
      }
    }
  }

  @Test func reopeningRebuildsTheStateWithTheRecordedDependencies() async throws {
    let directory = uniqueTemporaryPath("journaled-store")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let replay = ActionReplay(Stamps())
    let policy = SnapshotPolicy(everyActions: 7, every: nil)

    let (journal, initial) = try ActionJournal.open(
      directory: directory, options: JournalOptions(), policy: policy, replay: replay, initialState: Stamps.State(), log: { _ in }
    )
    // Live, non-deterministic values: only the journal's record of them can rebuild the state.
    let store = Store(initialState: initial) {
      JournaledReducer(Stamps(), journal: journal)
    } withDependencies: {
      $0.uuid = UUIDGenerator { UUID() }
      $0.date = DateGenerator { Date() }
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(SystemRandomNumberGenerator())
    }
    for index in 0..<20 {
      await store.send(.stamp("s\(index)")).finish()
    }
    let live = store.state
    #expect(live.stamps.count == 40)
    journal.close()

    let (reopened, recovered) = try ActionJournal.open(
      directory: directory, options: JournalOptions(), policy: policy, replay: replay, initialState: Stamps.State(), log: { _ in }
    )
    defer { reopened.close() }
    #expect(recovered == live)
    #expect(reopened.journal.recovery.lastSequence == 40)
    #expect(reopened.journal.recovery.snapshotSequence.map { $0 > 0 } == true, "snapshots were taken by policy")
  }

  /// An action a client sent is journaled as the bytes it sent, spacing and all, beside what the
  /// dependencies returned as it was reduced; the action its effect sent, made in-process, is
  /// encoded. Reopening replays both to the state the coordinator reached.
  @Test func aClientsActionIsJournaledAsTheBytesItSentWithItsRecording() async throws {
    let directory = uniqueTemporaryPath("journaled-store")
    let runDirectory = makeRunDirectory()
    defer {
      try? FileManager.default.removeItem(atPath: directory)
      try? FileManager.default.removeItem(atPath: runDirectory)
    }
    let replay = ActionReplay(Stamps())
    let policy = SnapshotPolicy(everyActions: nil, every: nil)
    let (journal, initial) = try ActionJournal.open(
      directory: directory, options: JournalOptions(), policy: policy, replay: replay, initialState: Stamps.State(), log: { _ in }
    )
    let coordinator = Coordinator(
      configuration: CoordinatorConfiguration(runDirectory: runDirectory, pools: []),
      initialState: initial,
      reducer: JournaledReducer(Stamps(), journal: journal)
    ) {
      $0.uuid = UUIDGenerator { UUID() }
      $0.date = DateGenerator { Date() }
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(SystemRandomNumberGenerator())
    }
    let sent = #"{ "stamp" : {"_0":"from a client"} }"#
    try await coordinator.send(clientJSON: RawJSON(parsing: Array(sent.utf8))).finish()
    let live = coordinator.store.state
    #expect(live.stamps.count == 2)
    journal.close()

    let payloads = try JournalHistory(directory: directory).records().map { String(decoding: $0.payload, as: UTF8.self) }
    #expect(payloads.count == 2, "\(payloads)")
    #expect(payloads.first?.hasPrefix(#"{"action":\#(sent),"dependencies":{"#) == true, "\(payloads)")
    #expect(payloads.last?.hasPrefix(#"{"action":{"effectAnswered":{"_0":"#) == true, "\(payloads)")
    let (reopened, recovered) = try ActionJournal.open(
      directory: directory, options: JournalOptions(), policy: policy, replay: replay, initialState: Stamps.State(), log: { _ in }
    )
    defer { reopened.close() }
    #expect(recovered == live)
  }

  /// Under `batch`, records gather before the encoding queue is woken for them; they still reach
  /// the disk while the journal stays open, within the delay, not only when it closes.
  @Test(.timeLimit(.minutes(3))) func recordsGatheredUnderBatchBecomeDurableWithoutAClose() async throws {
    let directory = uniqueTemporaryPath("journaled-store")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (journal, initial) = try ActionJournal.open(
      directory: directory, options: JournalOptions(durability: .batch(maxDelay: .milliseconds(20))),
      policy: SnapshotPolicy(everyActions: nil, every: nil), replay: ActionReplay(Stamps()), initialState: Stamps.State(),
      log: { _ in }
    )
    defer { journal.close() }
    let store = Store(initialState: initial) {
      JournaledReducer(Stamps(), journal: journal)
    } withDependencies: {
      $0.uuid = .incrementing
      $0.date = .constant(Date(timeIntervalSince1970: 0))
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(SystemRandomNumberGenerator())
    }
    for index in 0..<3 {
      await store.send(.stamp("s\(index)")).finish()
    }
    try await journal.journal.waitUntilDurable(6)
    let records = try JournalHistory(directory: directory).records(from: 1)
    #expect(records.map(\.sequence) == Array(1...6))
  }
}
