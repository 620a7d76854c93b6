import ComposableArchitecture
import Testing

private struct ReaderSettings: Equatable, Sendable {
  var isOn = false
  var volume = 5
}

extension SharedKey where Self == InMemoryKey<ReaderSettings> {
  fileprivate static var readerSettings: Self { inMemory("readerSettings") }
}

/// A child that may read the parent's settings but not change them.
private struct Meter: Reducer {
  struct State: Equatable {
    @SharedReader var volume: Int
    var shown = 0
  }

  enum Action: Equatable { case show }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.shown = state.volume
    return .none
  }
}

@MainActor
@Suite struct SharedReaderTests {
  @Test func aReaderSeesEveryChangeMadeThroughTheSharedValue() {
    withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      @Shared(.readerSettings) var settings = ReaderSettings()
      @SharedReader(.readerSettings) var reader = ReaderSettings(isOn: true)
      #expect(reader == ReaderSettings(), "the value already stored wins over the reader's default")
      $settings.withLock { $0.volume = 7 }
      #expect(reader.volume == 7)
      let volume = SharedReader($settings).volume
      $settings.withLock { $0.volume = 8 }
      #expect(volume.wrappedValue == 8)
    }
  }

  @Test func aChildReadsWhatItsParentShares() async {
    let settings = Shared(value: ReaderSettings(volume: 3))
    let store = TestStore(initialState: Meter.State(volume: SharedReader(settings).volume)) { Meter() }
    await store.send(.show) { $0.shown = 3 }
    settings.withLock { $0.volume = 4 }
    #expect(store.state.volume == 4)
    await store.send(.show) { $0.shown = 4 }
  }
}
