import ComposableArchitecture
import Foundation
import Testing

private struct Tally: Reducer {
  struct State: Equatable {
    @Shared(.tally) var count = 0
  }

  enum Action: Equatable { case increment, incrementLater, set(Int) }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.$count.withLock { $0 += 1 }
      return .none
    case .incrementLater:
      return .run { [count = state.$count] _ in
        try await clock.sleep(for: .seconds(1))
        count.withLock { $0 += 1 }
      }
    case let .set(value):
      state.count = value
      return .none
    }
  }
}

extension SharedKey where Self == InMemoryKey<Int> {
  /// A key named the way swift-sharing names keys.
  fileprivate static var tally: Self { inMemory("tally") }
}

private struct AudioSettings: Codable, Equatable, Sendable {
  var volume = 5
}

@MainActor
@Suite struct SharedTests {
  @Test func aSharedChangeIsAssertedLikeState() async {
    let store = TestStore(initialState: Tally.State()) { Tally() }
    await store.send(.increment) { $0.$count.withLock { $0 = 1 } }
    await store.send(.set(5)) { $0.count = 5 }
    #expect(store.state.count == 5)
  }

  @Test func anUnassertedSharedChangeIsReported() async {
    let store = TestStore(initialState: Tally.State()) { Tally() }
    await withKnownIssue {
      await store.send(.increment)
    } matching: {
      $0.description.contains("State was not expected to change, but a change occurred.")
        && $0.description.contains("count: 1")
    }
  }

  @Test func aChangeAnEffectMadeIsAssertedWithAssert() async {
    let clock = TestClock()
    let store = TestStore(initialState: Tally.State()) { Tally() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.incrementLater)
    await clock.advance(by: .seconds(1))
    store.assert { $0.count = 1 }
    await store.finish()
  }

  @Test func finishReportsSharedChangesNeverAsserted() async {
    let clock = TestClock()
    let store = TestStore(initialState: Tally.State()) { Tally() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.incrementLater)
    await clock.advance(by: .seconds(1))
    await withKnownIssue {
      await store.finish()
    } matching: {
      $0.description.contains("Test store finished before asserting against changes to shared state.")
        && $0.description.contains(#"Invoke "TestStore.assert""#)
    }
  }

  @Test func copiesAndKeysShareOneValue() {
    let store = Store(initialState: Tally.State()) { Tally() } withDependencies: {
      $0.defaultInMemoryStorage = InMemoryStorage()
    }
    let other = withDependencies { $0.defaultInMemoryStorage = InMemoryStorage() } operation: {
      Tally.State()
    }
    store.send(.increment)
    #expect(store.count == 1)
    #expect(other.count == 0)
    let storage = InMemoryStorage()
    withDependencies { $0.defaultInMemoryStorage = storage } operation: {
      let first = Tally.State()
      let second = Tally.State()
      first.$count.withLock { $0 = 9 }
      #expect(second.count == 9)
    }
  }

  @Test func fileStorageLoadsAndSavesJSON() throws {
    let url = URL(fileURLWithPath: "/settings.json")
    let files = FileStorage.inMemory
    withDependencies { $0.defaultFileStorage = files } operation: {
      @Shared(.fileStorage(url)) var settings = AudioSettings()
      #expect(settings.volume == 5)
      $settings.withLock { $0.volume = 11 }
    }
    let saved = try #require(files.data(at: url))
    #expect(try JSONDecoder().decode(AudioSettings.self, from: saved) == AudioSettings(volume: 11))
    withDependencies { $0.defaultFileStorage = files } operation: {
      @Shared(.fileStorage(url)) var settings = AudioSettings()
      #expect(settings.volume == 11)
    }
  }

  @Test func fileStorageReachesTheDisk() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("settings.json")
    withDependencies { $0.defaultFileStorage = .fileSystem } operation: {
      @Shared(.fileStorage(url)) var settings = AudioSettings()
      $settings.withLock { $0.volume = 3 }
    }
    let saved = try Data(contentsOf: url)
    #expect(try JSONDecoder().decode(AudioSettings.self, from: saved) == AudioSettings(volume: 3))
  }
}
