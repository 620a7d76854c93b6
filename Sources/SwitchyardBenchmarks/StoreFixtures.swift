import ComposableArchitecture

// The features the store cases send to: as small as a real feature can be, so what is measured is
// the store and the composition operators, not the features' own logic.

/// A counter: the cheapest reducer a store can run.
struct Counter: Reducer {
  enum Action { case increment }

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    state += 1
    return .none
  }
}

/// A feature that can stand at any depth of a ``Nest`` chain.
protocol NestableFeature: Reducer, SendableMetatype {
  /// The feature, scoping its child with hand-written case paths or with `\.inner` key paths.
  static func make(handWritten: Bool) -> Self
  /// State for the whole chain below and including this level.
  static var initialState: State { get }
  /// The action that travels down the chain to its innermost level.
  static var leafAction: Action { get }
}

/// The innermost level of a ``Nest`` chain.
struct Leaf: NestableFeature {
  enum Action { case tap }

  static func make(handWritten: Bool) -> Leaf { Leaf() }
  static var initialState: Int { 0 }
  static var leafAction: Action { .tap }

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    state += 1
    return .none
  }
}

/// One level of nesting: a `Scope` onto `inner`, then this level's own logic, like a parent
/// feature in TCA's NestedStore benchmark.
struct Nest<Inner: NestableFeature>: NestableFeature {
  struct State {
    var count = 0
    var inner: Inner.State
  }

  enum Action {
    case tap
    case inner(Inner.Action)
  }

  let handWritten: Bool

  static func make(handWritten: Bool) -> Nest { Nest(handWritten: handWritten) }
  static var initialState: State { State(inner: Inner.initialState) }
  static var leafAction: Action { .inner(Inner.leafAction) }

  /// The case path a hand-written `@CasePathable` expansion would produce: no reflection.
  static var innerPath: AnyCasePath<Action, Inner.Action> {
    AnyCasePath(embed: { .inner($0) }, extract: { if case let .inner(action) = $0 { action } else { nil } })
  }

  // Builds the `Scope` on every action, as a `body` would be, so a case key path is resolved per
  // action exactly as in a feature written the idiomatic way.
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let inner = Inner.make(handWritten: handWritten)
    let effect =
      handWritten
      ? Scope(state: \State.inner, action: Self.innerPath) { inner }.reduce(into: &state, action: action)
      : Scope(state: \State.inner, action: \.inner) { inner }.reduce(into: &state, action: action)
    if case .tap = action { state.count += 1 }
    return effect
  }
}

extension Nest.Action: CasePathable {
  struct AllCasePaths {
    var inner: AnyCasePath<Nest.Action, Inner.Action> { /Nest.Action.inner }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

/// Ten levels of ``Nest`` around a ``Leaf``: ten `Scope`s between the store and the reducer.
typealias TenLevels = Nest<Nest<Nest<Nest<Nest<Nest<Nest<Nest<Nest<Nest<Leaf>>>>>>>>>>

/// A list of rows, each a counter, composed with `forEach`.
struct RowList: Reducer {
  struct Row: Reducer {
    struct State: Identifiable {
      let id: Int
      var count = 0
    }

    enum Action { case tap }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 1
      return .none
    }
  }

  struct State {
    var rows: IdentifiedArrayOf<Row.State>
  }

  enum Action {
    case rows(IdentifiedActionOf<Row>)
  }

  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .forEach(\.rows, action: \.rows) { Row() }
  }

  /// State with `count` rows, ids `0..<count`.
  static func state(rows count: Int) -> State {
    State(rows: IdentifiedArray(uncheckedUniqueElements: (0..<count).map { Row.State(id: $0) }))
  }
}

extension RowList.Action: CasePathable {
  struct AllCasePaths {
    var rows: AnyCasePath<RowList.Action, IdentifiedActionOf<RowList.Row>> { /RowList.Action.rows }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

/// A feature that starts a long-running cancellable effect and cancels it: a timer's lifecycle.
struct Ticker: Reducer {
  enum Action { case start, stop }
  private enum CancelID { case tick }

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { _ in try await Task.sleep(for: .seconds(3_600)) }.cancellable(id: CancelID.tick)
    case .stop:
      return .cancel(id: CancelID.tick)
    }
  }
}
