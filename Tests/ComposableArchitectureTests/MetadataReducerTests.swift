import ComposableArchitecture
import Testing

/// Records each action with the metadata it was sent with; `.relay` starts a handled effect that
/// sends `.relayed` with metadata at once, inside the reduction, so the store buffers it.
private struct Tagged: MetadataReducer {
  struct State: Equatable {
    var seen: [String] = []
  }

  enum Action: Equatable {
    case plain
    case relay
    case relayed
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduce(into: &state, action: action, metadata: "none")
  }

  func reduce(into state: inout State, action: Action, metadata: (any Sendable)?) -> Effect<Action> {
    state.seen.append("\(action) \(metadata.map { "\($0)" } ?? "nil")")
    guard action == .relay else { return .none }
    return .merge(
      .send(.plain),
      .handled { handle in
        handle.send(.relayed, metadata: "from the effect")
        handle.end()
      }
    )
  }
}

@MainActor
@Suite struct MetadataReducerTests {
  @Test func metadataTravelsWithItsActionThroughTheBufferAndAnOrdinarySendHasNone() {
    let store = Store(initialState: Tagged.State()) { Tagged() }
    store.send(.plain)
    store.send(.relay, metadata: "from a client")
    #expect(
      store.state.seen == [
        "plain nil",
        "relay from a client",
        "plain nil",
        "relayed from the effect",
      ]
    )
  }
}
