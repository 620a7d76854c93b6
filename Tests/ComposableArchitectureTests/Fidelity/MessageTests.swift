@testable import ComposableArchitecture
import Testing

private enum Outer {
  enum Action: Equatable {
    case child(PresentationAction<Inner>)
    case row(id: Int, action: Inner)
    case loaded(Result<Int, Failure>)
  }
  enum Inner: Equatable { case tapped, dismiss }
  struct Failure: Error, Equatable {}
}

@MainActor
@Suite struct MessageTests {
  @Test func actionsAreNamedByTheirCasesAsTCANamesThem() {
    #expect(debugCaseOutput(Outer.Action.child(.dismiss)) == "Outer.Action.child(.dismiss)")
    #expect(debugCaseOutput(Outer.Action.child(.presented(.tapped)), abbreviated: true) == ".child(.presented(.tapped))")
    #expect(debugCaseOutput(Outer.Action.row(id: 1, action: .tapped)) == "Outer.Action.row(id:, action: .tapped)")
    #expect(debugCaseOutput(Outer.Action.loaded(.success(1)), abbreviated: true) == ".loaded(.success)")
  }

  @Test func typesAreNamedAsSwiftCustomDumpNamesThem() {
    #expect(customDump(Result<Int, Outer.Failure>.success(1)) == "Result.success(1)")
    #expect(DumpNode.typeName(Optional<[Int]>.self) == "[Int]?")
    #expect(DumpNode.typeName([String: [Int?]].self) == "[String: [Int?]]")
    #expect(DumpNode.typeName(PresentationAction<Outer.Inner>.self) == "PresentationAction")
    #expect(DumpNode.typeName(Outer.Action.self) == "Outer.Action")
  }

  @Test func aStackElementWhoseIDAloneChangedShowsInTheDiff() throws {
    var before = StackState<Int>()
    before.append(1)
    var after = StackState<Int>()
    after.append(0)
    after.removeLast()
    after.append(1)
    #expect(before != after)
    let text = try #require(diff(before, after, format: .testStore))
    #expect(text.contains("\u{2212}   #0: 1"))
    #expect(text.contains("+   #1: 1"))
  }

  @Test func aScopeReportsAnActionForAnotherCaseInTCAsWords() {
    var state = Pane.State.alert(AlertState { TextState("Sure?") })
    withKnownIssue {
      _ = Pane.body.reduce(into: &state, action: .ticker(.tick))
    } matching: {
      $0.description.contains("received a child action when child state was set to a different case.")
        && $0.description.contains("  Action:\n    Pane.Action.ticker(.tick)\n  State:\n    Pane.State.alert\n")
        && $0.description.contains(#"A parent reducer set "Pane.State" to a different case"#)
    }
  }

  @Test func unhandledActionsAreListedShort() async {
    struct Echo: Reducer {
      func reduce(into state: inout Int, action: Outer.Action) -> Effect<Outer.Action> {
        guard case .child(.presented(.tapped)) = action else { return .none }
        return .send(.child(.dismiss))
      }
    }
    let store = TestStore(initialState: 0) { Echo() }
    await store.send(.child(.presented(.tapped)))
    await withKnownIssue {
      await store.finish()
    } matching: {
      $0.description.contains("The store received 1 unexpected action.\n\n  Unhandled actions:\n    .child(.dismiss)\n")
    }
    await store.skipReceivedActions()
  }
}
