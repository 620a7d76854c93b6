import ComposableArchitecture
import Foundation
import Testing

/// A feature whose view's actions are bindable and sent through `case view`, as TCA's
/// `@ViewAction` features are (TicTacToe's login).
struct Login: Reducer {
  struct State: Equatable {
    var email = ""
    var attempts = 0
  }
  enum Action: ViewAction, Equatable {
    case view(View)
    case attempted
    enum View: BindableAction, Equatable {
      case binding(BindingAction<State>)
      case submitTapped
    }
  }

  var body: some ReducerOf<Self> {
    BindingReducer(action: \.view)
    Reduce { state, action in
      switch action {
      case .view(.submitTapped):
        state.attempts += 1
        return .send(.attempted)
      case .view(.binding), .attempted:
        return .none
      }
    }
  }
}

extension Login.Action: CasePathable {
  struct AllCasePaths {
    var view: AnyCasePath<Login.Action, Login.Action.View> { /Login.Action.view }
    var attempted: AnyCasePath<Login.Action, Void> { /Login.Action.attempted }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

/// A feature that presents another of itself, which `PresentationAction`'s indirect case allows.
private struct Folder: Reducer {
  struct State: Equatable {
    var name: String
    @PresentationState var child: Folder.State?
  }
  indirect enum Action: Equatable {
    case open(String)
    case child(PresentationAction<Folder.Action>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case let .open(name) = action { state.child = Folder.State(name: name) }
      return .none
    }
    .ifLet(\.$child, action: /Action.child) { Folder() }
  }
}

/// A client whose key is another type, so `Value` must be inferred from `liveValue`.
private struct NumberClient: Sendable {
  var number: @Sendable () -> Int
}

private enum NumberClientKey: DependencyKey {
  static let liveValue = NumberClient { 42 }
}

enum Loaded: Equatable, CasePathable {
  case idle
  case loaded(Int)

  struct AllCasePaths {
    var idle: AnyCasePath<Loaded, Void> { /Loaded.idle }
    var loaded: AnyCasePath<Loaded, Int> { /Loaded.loaded }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

@MainActor
@Suite struct RoundTwoAPITests {
  @Test func bindingReducerAppliesBindingsInAViewAction() async {
    let store = TestStore(initialState: Login.State()) { Login() }
    await store.send(.view(.binding(.set(\.email, "blob@pointfree.co")))) { $0.email = "blob@pointfree.co" }
    await store.send(.view(.submitTapped)) { $0.attempts = 1 }
    await store.receive(.attempted)
  }

  @Test func aFeatureCanPresentItself() async {
    let store = TestStore(initialState: Folder.State(name: "root")) { Folder() }
    await store.send(.open("a")) { $0.child = Folder.State(name: "a") }
    await store.send(.child(.presented(.open("b")))) { $0.child?.child = Folder.State(name: "b") }
    await store.send(.child(.presented(.child(.dismiss)))) { $0.child?.child = nil }
  }

  @Test func aBindingStateCasePathExtractsTheWrappedValue() {
    let action = Settings.Action.binding(.set(\.$legacyName, "Blob"))
    let name: String? = action[case: \.binding.$legacyName]
    #expect(name == "Blob")
    #expect(Settings.Action.binding(.set(\.name, "Blob"))[case: \.binding.$legacyName] == nil)
  }

  @Test func onChangeWithRemoveDuplicatesComparesAsTold() {
    struct Words: Equatable {
      var word = ""
      var changes: [String] = []
    }
    // Only a new first letter counts as a change.
    let reducer = Reduce<Words, String> { state, action in
      state.word = action
      return .none
    }
    .onChange(of: \.word, removeDuplicates: { $0.first == $1.first }) { _, newValue in
      Reduce { state, _ in
        state.changes.append(newValue)
        return .none
      }
    }
    var state = Words()
    for word in ["apple", "avocado", "banana"] { _ = reducer.reduce(into: &state, action: word) }
    #expect(state.changes == ["apple", "banana"])
  }

  @Test func anAlertNeedsNoChildReducerWithACasePath() async {
    struct Prompt: Reducer {
      enum AlertAction: Equatable { case ok }
      struct State: Equatable { var alert: AlertState<AlertAction>? }
      enum Action: Equatable { case alert(AlertAction) }
      var body: some ReducerOf<Self> {
        EmptyReducer().ifLet(\.alert, action: /Action.alert)
      }
    }
    let store = TestStore(initialState: Prompt.State(alert: AlertState { TextState("Hi") })) { Prompt() }
    await store.send(.alert(.ok)) { $0.alert = nil }
  }

  @Test func aStackElementIDDumpsAsItsNumber() {
    #expect(StackElementID(generation: 3).customDumpDescription == "#3")
  }

  @Test func taskNeverIsAwaitedInAThrowingContext() async {
    let task = Task { try await Task.never() }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func aDependencyKeyInfersItsValueFromItsLiveValue() {
    let value: NumberClientKey.Value = NumberClientKey.liveValue
    #expect(value.number() == 42)
    let number = withDependencies { $0[NumberClientKey.self] = NumberClient { 7 } } operation: {
      @Dependency(NumberClientKey.self) var client
      return client.number()
    }
    #expect(number == 7)
  }

  @Test func casePathableModifiesACaseInPlace() {
    var loaded = Loaded.loaded(1)
    loaded.modify(\.loaded) { $0 += 1 }
    #expect(loaded == .loaded(2))
    var idle = Loaded.idle
    withKnownIssue {
      idle.modify(\.loaded) { $0 += 1 }
    } matching: {
      $0.description.contains("Can't modify 'idle' via 'CaseKeyPath<")
    }
    #expect(idle == .idle)
  }

  @Test func anyHashableSendableComparesAsAnyHashable() {
    let ids: Set<AnyHashableSendable> = [AnyHashableSendable(1), AnyHashableSendable("1"), AnyHashableSendable(1)]
    #expect(ids.count == 2)
    #expect(AnyHashableSendable(AnyHashableSendable(1)) == AnyHashableSendable(1))
    #expect(AnyHashableSendable(1).base as? Int == 1)
  }

  @Test func uncheckedSendableCarriesAValueAcrossTasks() async {
    final class Box { var count = 0 }
    let box = UncheckedSendable(Box())
    let count = await Task.detached { [box] in
      box.value.count += 1
      return box.count
    }.value
    #expect(count == 1)
  }
}
