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

  /// Whether to route row actions with a hand-written case path instead of `\.rows`.
  let handWritten: Bool

  var body: some ReducerOf<Self> {
    handWritten
      ? Reduce { _, _ in .none }.forEach(\.rows, action: Self.rowPath) { Row() }
      : Reduce { _, _ in .none }.forEach(\.rows, action: \.rows) { Row() }
  }

  /// The `(id, action)` case path a macro would write: no reflection, no key path to resolve.
  static let rowPath = AnyCasePath<Action, (Int, Row.Action)>(
    embed: { .rows(.element(id: $0.0, action: $0.1)) },
    extract: { if case let .rows(.element(id, action)) = $0 { (id, action) } else { nil } }
  )

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
