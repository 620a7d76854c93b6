import ComposableArchitecture
import Foundation
import SwitchyardJournal
import SwitchyardRuntime
import SwitchyardTestSupport
import Testing

@testable import SwitchyardDurability

/// A journal whose encoding thread fails stops: it says so once, refuses clients' actions, and
/// reports why, where an operator looks.
@MainActor
@Suite struct JournalFailureTests {
  /// Records names; the name `unencodable` cannot be encoded, as an action holding a value its
  /// `Codable` conformance rejects cannot.
  struct Names: Reducer {
    struct State: Codable, Equatable, Sendable {
      var names: [String] = []
    }

    enum Action: Codable, Equatable, Sendable {
      case named(String)

      struct Unencodable: Error {}

      init(from decoder: any Decoder) throws {
        self = .named(try decoder.singleValueContainer().decode(String.self))
      }

      func encode(to encoder: any Encoder) throws {
        guard case let .named(name) = self, name != "unencodable" else { throw Unencodable() }
        var container = encoder.singleValueContainer()
        try container.encode(name)
      }
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      guard case let .named(name) = action else { return .none }
      state.names.append(name)
      return .none
    }
  }

  @Test func aRecordThatCannotBeEncodedStopsTheJournalAndSaysWhy() async throws {
    let directory = uniqueTemporaryPath("journal-failure")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (errors, reported) = AsyncStream.makeStream(of: LogEvent.self)
    let (journal, initial) = try ActionJournal.open(
      directory: directory, options: JournalOptions(), policy: SnapshotPolicy(), replay: ActionReplay(Names()),
      initialState: Names.State(),
      log: { if $0.level == .error { reported.yield($0) } }
    )
    defer { journal.close() }
    let store = Store(initialState: initial) { JournaledReducer(Names(), journal: journal) }
    await store.send(.named("first")).finish()
    #expect(journal.refusal == nil)

    await store.send(.named("unencodable")).finish()
    let stopped = try await withTimeout(120, "the journal's failure to be logged") { () -> LogEvent? in
      for await event in errors { return event }
      return nil
    }
    let event = try #require(stopped)
    #expect(event.message.contains("the journal stopped"), "\(event.message)")
    #expect(event.message.contains("record 2 was not journaled"), "\(event.message)")
    let refusal = try #require(journal.refusal)
    #expect(refusal.hasPrefix("The journal stopped, so the action was not applied"), "\(refusal)")
    #expect(journal.report().failure == journal.failure)

    // Later actions are reduced, but no longer numbered or recorded.
    await store.send(.named("after")).finish()
    #expect(store.state.names == ["first", "unencodable", "after"])
    #expect(journal.lastSequence == 2)
  }
}
