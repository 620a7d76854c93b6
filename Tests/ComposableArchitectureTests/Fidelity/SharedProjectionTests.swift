import ComposableArchitecture
import Foundation
import Testing

struct Meeting: Codable, Equatable, Identifiable, Sendable {
  let id: Int
  var title: String
}

/// Edits one meeting of a shared list, handed to it by its parent as SyncUps' detail is.
private struct MeetingEditor: Reducer {
  struct State: Equatable {
    @Shared var meeting: Meeting
  }
  enum Action: Equatable { case rename(String) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .rename(title):
      state.$meeting.withLock { $0.title = title }
      return .none
    }
  }
}

extension SharedKey where Self == InMemoryKey<IdentifiedArrayOf<Meeting>>.Default {
  /// The meetings, empty until some are stored.
  fileprivate static var meetings: Self { Self[.inMemory("meetings"), default: []] }
}

extension SharedKey where Self == AppStorageKey<Bool>.Default {
  fileprivate static var isMuted: Self { Self[.appStorage("isMuted"), default: false] }
}

@MainActor
@Suite struct SharedProjectionTests {
  @Test func aKeyPathProjectionChangesTheWholeForEveryHolder() async {
    @Shared(.meetings) var meetings
    $meetings.withLock { $0 = [Meeting(id: 1, title: "Standup")] }
    guard let meeting = Shared($meetings[id: 1]) else {
      Issue.record("the meeting is in the list")
      return
    }
    let store = TestStore(initialState: MeetingEditor.State(meeting: meeting)) { MeetingEditor() }
    await store.send(.rename("Retro")) { $0.$meeting.withLock { $0.title = "Retro" } }
    #expect(meetings[id: 1]?.title == "Retro")
    #expect(meeting.wrappedValue.title == "Retro")
  }

  @Test func theFailableInitialiserIsNilForAMissingPart() {
    @Shared(value: IdentifiedArrayOf<Meeting>()) var meetings
    #expect(Shared($meetings[id: 7]) == nil)
  }

  @Test func aKeyWithADefaultNeedsNoneWhereItIsUsed() {
    withDependencies { $0.defaultInMemoryStorage = InMemoryStorage() } operation: {
      @Shared(.meetings) var meetings
      #expect(meetings.isEmpty)
      @Shared(.meetings) var same = IdentifiedArrayOf(uniqueElements: [Meeting(id: 1, title: "Ignored: already stored")])
      #expect(same.isEmpty)
    }
  }

  @Test func appStorageSavesEachKeyInTheApplicationsStorage() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("AppStorage-\(UUID())")
    defer { try? FileManager.default.removeItem(at: directory) }
    try withDependencies {
      $0.defaultFileStorage = .fileSystem
      $0.appStorageDirectory = directory
    } operation: {
      @Shared(.isMuted) var isMuted
      #expect(!isMuted)
      $isMuted.withLock { $0 = true }
      let saved = try Data(contentsOf: directory.appendingPathComponent("isMuted.json"))
      #expect(try JSONDecoder().decode(Bool.self, from: saved))
    }
    // Another process, or a fresh storage, reads what was saved.
    let reloaded = withDependencies {
      $0.defaultFileStorage = .fileSystem
      $0.appStorageDirectory = directory
    } operation: {
      @Shared(.isMuted) var isMuted
      return isMuted
    }
    #expect(reloaded)
  }
}
