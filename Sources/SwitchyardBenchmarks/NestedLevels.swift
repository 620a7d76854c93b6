import ComposableArchitecture

// Ten levels of parent features, each a `Scope` onto the next, around a `Leaf` counter: the shape of
// TCA's NestedStore benchmark. They are ten concrete types, not one generic type nested ten times,
// because features in an app are concrete: a generic level would pay for key path and metadata
// instantiation on every action, which no real feature tree does.
//
// Each level scopes with `\.inner` over a `/Action.inner` case path, as the guides teach, or — with
// `handWritten` — with a hand-written case path, which is the floor the idiomatic form is held to.

/// The innermost feature: a counter.
struct Leaf: Reducer {
  enum Action { case tap }

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    state += 1
    return .none
  }
}

/// The outermost level: its action `.inner(.inner(…(.tap)))` crosses all ten scopes.
struct Level1: Reducer {
  struct State {
    var count = 0
    var inner = Level2.State()
  }

  enum Action: CasePathable {
    case tap
    case inner(Level2.Action)

    struct AllCasePaths {
      var inner: AnyCasePath<Action, Level2.Action> { /Action.inner }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  let handWritten: Bool

  var body: some ReducerOf<Self> {
    Scope(
      state: \.inner,
      action: handWritten
        ? AnyCasePath(embed: { .inner($0) }, extract: { if case let .inner(action) = $0 { action } else { nil } })
        : AnyCasePath(\.inner)
    ) {
      Level2(handWritten: handWritten)
    }
    Reduce { state, action in
      if case .tap = action { state.count += 1 }
      return .none
    }
  }
}

/// Level 2 of the ten.
struct Level2: Reducer {
  struct State {
    var count = 0
    var inner = Level3.State()
  }

  enum Action: CasePathable {
    case tap
    case inner(Level3.Action)

    struct AllCasePaths {
      var inner: AnyCasePath<Action, Level3.Action> { /Action.inner }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  let handWritten: Bool

  var body: some ReducerOf<Self> {
    Scope(
      state: \.inner,
      action: handWritten
        ? AnyCasePath(embed: { .inner($0) }, extract: { if case let .inner(action) = $0 { action } else { nil } })
        : AnyCasePath(\.inner)
    ) {
      Level3(handWritten: handWritten)
    }
    Reduce { state, action in
      if case .tap = action { state.count += 1 }
      return .none
    }
  }
}

/// Level 3 of the ten.
struct Level3: Reducer {
  struct State {
    var count = 0
    var inner = Level4.State()
  }

  enum Action: CasePathable {
    case tap
    case inner(Level4.Action)

    struct AllCasePaths {
      var inner: AnyCasePath<Action, Level4.Action> { /Action.inner }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  let handWritten: Bool

  var body: some ReducerOf<Self> {
    Scope(
      state: \.inner,
      action: handWritten
        ? AnyCasePath(embed: { .inner($0) }, extract: { if case let .inner(action) = $0 { action } else { nil } })
        : AnyCasePath(\.inner)
    ) {
      Level4(handWritten: handWritten)
    }
    Reduce { state, action in
      if case .tap = action { state.count += 1 }
      return .none
    }
  }
}

/// Level 4 of the ten.
struct Level4: Reducer {
  struct State {
    var count = 0
    var inner = Level5.State()
  }

  enum Action: CasePathable {
    case tap
    case inner(Level5.Action)

    struct AllCasePaths {
      var inner: AnyCasePath<Action, Level5.Action> { /Action.inner }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  let handWritten: Bool

  var body: some ReducerOf<Self> {
    Scope(
      state: \.inner,
      action: handWritten
        ? AnyCasePath(embed: { .inner($0) }, extract: { if case let .inner(action) = $0 { action } else { nil } })
        : AnyCasePath(\.inner)
    ) {
      Level5(handWritten: handWritten)
    }
    Reduce { state, action in
      if case .tap = action { state.count += 1 }
      return .none
    }
  }
}

/// Level 5 of the ten.
struct Level5: Reducer {
  struct State {
    var count = 0
    var inner = Level6.State()
  }

  enum Action: CasePathable {
    case tap
    case inner(Level6.Action)

    struct AllCasePaths {
      var inner: AnyCasePath<Action, Level6.Action> { /Action.inner }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  let handWritten: Bool

  var body: some ReducerOf<Self> {
    Scope(
      state: \.inner,
      action: handWritten
        ? AnyCasePath(embed: { .inner($0) }, extract: { if case let .inner(action) = $0 { action } else { nil } })
        : AnyCasePath(\.inner)
    ) {
      Level6(handWritten: handWritten)
    }
    Reduce { state, action in
      if case .tap = action { state.count += 1 }
      return .none
    }
  }
}

/// Level 6 of the ten.
struct Level6: Reducer {
  struct State {
    var count = 0
    var inner = Level7.State()
  }

  enum Action: CasePathable {
    case tap
    case inner(Level7.Action)

    struct AllCasePaths {
      var inner: AnyCasePath<Action, Level7.Action> { /Action.inner }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  let handWritten: Bool

  var body: some ReducerOf<Self> {
    Scope(
      state: \.inner,
      action: handWritten
        ? AnyCasePath(embed: { .inner($0) }, extract: { if case let .inner(action) = $0 { action } else { nil } })
        : AnyCasePath(\.inner)
    ) {
      Level7(handWritten: handWritten)
    }
    Reduce { state, action in
      if case .tap = action { state.count += 1 }
      return .none
    }
  }
}

/// Level 7 of the ten.
struct Level7: Reducer {
  struct State {
    var count = 0
    var inner = Level8.State()
  }

  enum Action: CasePathable {
    case tap
    case inner(Level8.Action)

    struct AllCasePaths {
      var inner: AnyCasePath<Action, Level8.Action> { /Action.inner }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  let handWritten: Bool

  var body: some ReducerOf<Self> {
    Scope(
      state: \.inner,
      action: handWritten
        ? AnyCasePath(embed: { .inner($0) }, extract: { if case let .inner(action) = $0 { action } else { nil } })
        : AnyCasePath(\.inner)
    ) {
      Level8(handWritten: handWritten)
    }
    Reduce { state, action in
      if case .tap = action { state.count += 1 }
      return .none
    }
  }
}

/// Level 8 of the ten.
struct Level8: Reducer {
  struct State {
    var count = 0
    var inner = Level9.State()
  }

  enum Action: CasePathable {
    case tap
    case inner(Level9.Action)

    struct AllCasePaths {
      var inner: AnyCasePath<Action, Level9.Action> { /Action.inner }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  let handWritten: Bool

  var body: some ReducerOf<Self> {
    Scope(
      state: \.inner,
      action: handWritten
        ? AnyCasePath(embed: { .inner($0) }, extract: { if case let .inner(action) = $0 { action } else { nil } })
        : AnyCasePath(\.inner)
    ) {
      Level9(handWritten: handWritten)
    }
    Reduce { state, action in
      if case .tap = action { state.count += 1 }
      return .none
    }
  }
}

/// Level 9 of the ten.
struct Level9: Reducer {
  struct State {
    var count = 0
    var inner = Level10.State()
  }

  enum Action: CasePathable {
    case tap
    case inner(Level10.Action)

    struct AllCasePaths {
      var inner: AnyCasePath<Action, Level10.Action> { /Action.inner }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  let handWritten: Bool

  var body: some ReducerOf<Self> {
    Scope(
      state: \.inner,
      action: handWritten
        ? AnyCasePath(embed: { .inner($0) }, extract: { if case let .inner(action) = $0 { action } else { nil } })
        : AnyCasePath(\.inner)
    ) {
      Level10(handWritten: handWritten)
    }
    Reduce { state, action in
      if case .tap = action { state.count += 1 }
      return .none
    }
  }
}

/// Level 10 of the ten.
struct Level10: Reducer {
  struct State {
    var count = 0
    var inner = 0
  }

  enum Action: CasePathable {
    case tap
    case inner(Leaf.Action)

    struct AllCasePaths {
      var inner: AnyCasePath<Action, Leaf.Action> { /Action.inner }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  let handWritten: Bool

  var body: some ReducerOf<Self> {
    Scope(
      state: \.inner,
      action: handWritten
        ? AnyCasePath(embed: { .inner($0) }, extract: { if case let .inner(action) = $0 { action } else { nil } })
        : AnyCasePath(\.inner)
    ) {
      Leaf()
    }
    Reduce { state, action in
      if case .tap = action { state.count += 1 }
      return .none
    }
  }
}

extension Level1.Action {
  /// The action that reaches the ``Leaf`` through all ten levels.
  static var leafTap: Self {
    .inner(.inner(.inner(.inner(.inner(.inner(.inner(.inner(.inner(.inner(.tap))))))))))
  }
}
