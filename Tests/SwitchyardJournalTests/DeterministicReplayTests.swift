import ComposableArchitecture
import Foundation
import SwitchyardDemo
import SwitchyardJournal
import SwitchyardTestSupport
import SwitchyardWire
import Testing

/// The demo's ``AppFeature`` driven by random actions, each reduced live under recording
/// dependencies and journaled with what they returned; replaying the journal into a fresh state
/// must rebuild the live one exactly.
@Suite(.onAThreadOfItsOwn) struct DeterministicReplayTests {
  /// `AppFeature` plus a log that asks every non-deterministic dependency for a value per action,
  /// since the demo's own features happen to ask none.
  struct AuditedApp: Reducer {
    struct Stamp: Codable, Equatable, Sendable {
      var id: UUID
      var date: Date
      var roll: Int
      var elapsed: Duration
    }

    struct State: Codable, Equatable, Sendable {
      var app = AppFeature.State(upstream: UpstreamEndpoints(httpBaseURL: "http://127.0.0.1:1", feedURL: "ws://127.0.0.1:1/feed"))
      var stamps: [Stamp] = []
    }

    @Dependency(\.uuid) var uuid
    @Dependency(\.date) var date
    @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: AppFeature.Action) -> Effect<AppFeature.Action> {
      let effect = AppFeature().reduce(into: &state.app, action: action)
      let roll = withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
      let clock: any Clock<Duration> = self.clock
      let elapsed = Self.elapsed(clock)
      state.stamps.append(Stamp(id: uuid(), date: date.now, roll: roll, elapsed: elapsed))
      return effect
    }

    private static func elapsed<C: Clock<Duration>>(_ clock: C) -> Duration {
      let start = clock.now
      return start.duration(to: clock.now)
    }
  }

  /// What one journal record holds: the action and what its dependencies returned.
  struct Entry: Codable {
    var action: AppFeature.Action
    var dependencies: DependencyRecording
  }

  /// An action a user or an effect could send now: session actions only to open sessions.
  static func randomAction(for state: AppFeature.State, using generator: inout some RandomNumberGenerator) -> AppFeature.Action {
    let open = state.sessions.map(\.id)
    if open.isEmpty || Int.random(in: 0..<5, using: &generator) == 0 {
      let id = ["a", "b", "c"].randomElement(using: &generator)!
      return Bool.random(using: &generator) ? .sessionOpened(id: id) : .sessionClosed(id: id)
    }
    let id = open.randomElement(using: &generator)!
    let word = ["copper", "zinc", "", "  ", "tin"].randomElement(using: &generator)!
    let session: SessionFeature.Action =
      switch Int.random(in: 0..<7, using: &generator) {
      case 0: .search(.searchQueryChanged(word))
      case 1: .feed(.connectWebSocket)
      case 2: .feed(.webSocketConnected)
      case 3: .feed(.webSocketMessageReceived(word))
      case 4: .feed(.disconnectWebSocket)
      case 5: .catalog(.loadNextPage)
      default: .catalog(.refresh)
      }
    return .sessions(.element(id: id, action: session))
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func replayingTheJournalRebuildsTheLiveState(seed: UInt64) async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let encoder = WireJSONEncoder()
    let decoder = WireJSONDecoder()
    var generator = SeededRandomNumberGenerator(seed: seed)
    let reducer = AuditedApp()

    // Live: the real generators, as a coordinator has them.
    var live = AuditedApp.State()
    let (journal, _) = try openJournal(directory, options: JournalOptions(durability: .batch(maxDelay: .milliseconds(1))))
    try withDependencies {
      $0.uuid = .random
      $0.date = DateGenerator { Date() }
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(SystemRandomNumberGenerator())
      $0.continuousClock = ContinuousClock()
    } operation: {
      for step in 0..<300 {
        let action = Self.randomAction(for: live.app, using: &generator)
        let (_, recording) = withDependencyRecording { reducer.reduce(into: &live, action: action) }
        try journal.append(try encoder.encode(Entry(action: action, dependencies: recording)))
        if step == 150 {
          let state = live
          journal.snapshot(through: UInt64(step + 1)) { (try? encoder.encode(state)) ?? [] }
        }
      }
    }
    journal.close()
    #expect(live.stamps.count == 300)

    // Replay: dependencies that would give other values if asked; the recording must answer instead.
    var replayed = AuditedApp.State()
    let reopened = try withDependencies {
      $0.uuid = .incrementing
      $0.date = .constant(Date(timeIntervalSince1970: 0))
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 0))
      $0.continuousClock = TestClock()
    } operation: {
      try Journal.open(directory: directory.path) { snapshot in
        replayed = try decoder.decode(AuditedApp.State.self, from: snapshot.state)
      } replay: { record in
        let entry = try decoder.decode(Entry.self, from: record.payload)
        _ = try withDependencyReplay(entry.dependencies) { reducer.reduce(into: &replayed, action: entry.action) }
      }
    }
    reopened.close()
    #expect(reopened.recovery.snapshotSequence == 151)
    #expect(replayed == live)
  }

  @Test func aReducerThatAsksForMoreThanWasRecordedDiverges() throws {
    let recording = withDependencies {
      $0.uuid = .incrementing
    } operation: {
      withDependencyRecording { @Dependency(\.uuid) var uuid; return uuid() }.recording
    }
    #expect(recording.uuids == [UUID(0)])
    #expect(throws: DependencyReplayError.exhausted(dependency: "uuid")) {
      try withDependencies { $0.uuid = .incrementing } operation: {
        try withDependencyReplay(recording) {
          @Dependency(\.uuid) var uuid
          _ = uuid()
          _ = uuid()
        }
      }
    }
    #expect(throws: DependencyReplayError.unused(dependency: "uuid", count: 1)) {
      try withDependencyReplay(recording) {}
    }
  }
}
