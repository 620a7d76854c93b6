/// Builds a reducer from a list of reducers that run one after another, with `if`, `switch`,
/// optionals and loops.
@resultBuilder
public enum ReducerBuilder<State, Action> {
  public static func buildArray<R: Reducer<State, Action>>(_ reducers: [R]) -> _SequenceMany<R> {
    _SequenceMany(reducers: reducers.map { ResolvedReducer($0) })
  }

  public static func buildBlock() -> EmptyReducer<State, Action> {
    EmptyReducer()
  }

  public static func buildBlock<R: Reducer<State, Action>>(_ reducer: R) -> R {
    reducer
  }

  public static func buildEither<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    first reducer: R0
  ) -> _Conditional<R0, R1> {
    .first(reducer)
  }

  public static func buildEither<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    second reducer: R1
  ) -> _Conditional<R0, R1> {
    .second(reducer)
  }

  public static func buildExpression<R: Reducer<State, Action>>(_ expression: R) -> R {
    expression
  }

  /// Accepts a reducer known only as an existential, `feature as any ReducerOf<Feature>`, as TCA's
  /// builder does.
  @_disfavoredOverload
  public static func buildExpression(_ expression: any Reducer<State, Action>) -> Reduce<State, Action> {
    Reduce(expression)
  }

  public static func buildFinalResult<R: Reducer<State, Action>>(_ reducer: R) -> R {
    reducer
  }

  // A bare existential (`let feature: any ReducerOf<Feature>`, not coerced with `as any`) is opened
  // by Swift for the generic overloads, which hand it back as an existential again; these accept
  // it wherever it then arrives: alone in a body, as a branch of an `if` or `switch`, in a loop.

  /// Accepts a body that is a bare existential reducer alone.
  @_disfavoredOverload
  public static func buildFinalResult(_ reducer: any Reducer<State, Action>) -> Reduce<State, Action> {
    Reduce(reducer)
  }

  /// Accepts an `if` without `else` whose branch is a bare existential reducer.
  @_disfavoredOverload
  public static func buildIf(_ wrapped: (any Reducer<State, Action>)?) -> Reduce<State, Action>? {
    wrapped.map { Reduce($0) }
  }

  /// Accepts a first branch that is a bare existential reducer.
  @_disfavoredOverload
  public static func buildEither<R1: Reducer<State, Action>>(
    first reducer: any Reducer<State, Action>
  ) -> _Conditional<Reduce<State, Action>, R1> {
    .first(Reduce(reducer))
  }

  /// Accepts a second branch that is a bare existential reducer.
  @_disfavoredOverload
  public static func buildEither<R0: Reducer<State, Action>>(
    second reducer: any Reducer<State, Action>
  ) -> _Conditional<R0, Reduce<State, Action>> {
    .second(Reduce(reducer))
  }

  /// Accepts a loop whose body is a bare existential reducer.
  @_disfavoredOverload
  public static func buildArray(_ reducers: [any Reducer<State, Action>]) -> _SequenceMany<Reduce<State, Action>> {
    _SequenceMany(reducers: reducers.map { ResolvedReducer(Reduce($0)) })
  }

  public static func buildIf<R: Reducer<State, Action>>(_ wrapped: R?) -> R? {
    wrapped
  }

  public static func buildLimitedAvailability<R: Reducer<State, Action>>(_ wrapped: R) -> R {
    wrapped
  }

  public static func buildPartialBlock<R: Reducer<State, Action>>(first: R) -> R {
    first
  }

  /// Accepts a reducer known only as an existential, `feature as any ReducerOf<Feature>`, as TCA's
  /// builder does; concrete reducers take the generic overloads.
  @_disfavoredOverload
  public static func buildPartialBlock(first: any Reducer<State, Action>) -> Reduce<State, Action> {
    Reduce(first)
  }

  /// Accepts others after an existential reducer.
  @_disfavoredOverload
  public static func buildPartialBlock<R1: Reducer<State, Action>>(
    accumulated: any Reducer<State, Action>, next: R1
  ) -> _Sequence<Reduce<State, Action>, R1> {
    _Sequence(first: Reduce(accumulated), second: next)
  }

  /// Accepts an existential reducer after others.
  @_disfavoredOverload
  public static func buildPartialBlock<R0: Reducer<State, Action>>(
    accumulated: R0, next: any Reducer<State, Action>
  ) -> _Sequence<R0, Reduce<State, Action>> {
    _Sequence(first: accumulated, second: Reduce(next))
  }

  public static func buildPartialBlock<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    accumulated: R0, next: R1
  ) -> _Sequence<R0, R1> {
    _Sequence(first: accumulated, second: next)
  }

  /// Two reducers run in order; their effects merge.
  public struct _Sequence<R0: Reducer, R1: Reducer<R0.State, R0.Action>>: Reducer {
    @usableFromInline
    let first: ResolvedReducer<R0>
    @usableFromInline
    let second: ResolvedReducer<R1>

    @usableFromInline
    init(first: R0, second: R1) {
      self.first = ResolvedReducer(first)
      self.second = ResolvedReducer(second)
    }

    @inlinable
    public func reduce(into state: inout R0.State, action: R0.Action) -> Effect<R0.Action> {
      let firstEffect = first.reduce(into: &state, action: action)
      let secondEffect = second.reduce(into: &state, action: action)
      if firstEffect.isNone { return secondEffect }
      if secondEffect.isNone { return firstEffect }
      return .merge(firstEffect, secondEffect)
    }
  }

  /// A reducer built by a loop: each runs in order.
  public struct _SequenceMany<Element: Reducer>: Reducer {
    @usableFromInline
    let reducers: [ResolvedReducer<Element>]

    @inlinable
    public func reduce(into state: inout Element.State, action: Element.Action) -> Effect<Element.Action> {
      .merge(reducers.map { $0.reduce(into: &state, action: action) })
    }
  }

  /// One branch of an `if`/`else` or `switch`.
  public enum _Conditional<First: Reducer, Second: Reducer<First.State, First.Action>>: Reducer {
    case first(First)
    case second(Second)

    @inlinable
    public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
      switch self {
      case let .first(first): first.reduce(into: &state, action: action)
      case let .second(second): second.reduce(into: &state, action: action)
      }
    }
  }
}
