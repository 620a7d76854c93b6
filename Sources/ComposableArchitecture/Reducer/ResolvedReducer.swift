/// A child reducer whose ``Reducer/body-swift.property`` is built on its first action and reused
/// after: composite reducers hold their children in one, so a store builds its reducer tree once
/// instead of on every action.
///
/// A body is a function of the reducer's stored properties, which never change; dependencies are
/// still read when an action is reduced, through `@Dependency`. Resolution waits for the first
/// action so recursive features (`forEach(\.children) { Self() }`) do not build an endless tree.
/// A reducer without a body is called directly, with nothing to cache.
@usableFromInline
struct ResolvedReducer<Base: Reducer> {
  @usableFromInline
  let base: Base
  @usableFromInline
  let cache: ResolvedBody<Base.State, Base.Action>?

  @usableFromInline
  init(_ base: Base) {
    self.base = base
    self.cache = Base.Body.self == Never.self ? nil : ResolvedBody { ResolvedBody.reduceFunction(of: base) }
  }

  @inlinable
  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    guard let cache else { return base.reduce(into: &state, action: action) }
    return cache.reduce(into: &state, action: action)
  }
}

/// The reduce function a reducer's body resolves to, built once on first use.
@usableFromInline
final class ResolvedBody<State, Action> {
  @usableFromInline
  typealias Function = (inout State, Action) -> Effect<Action>

  @usableFromInline
  var function: Function?
  @usableFromInline
  let resolve: () -> Function

  init(resolve: @escaping () -> Function) {
    self.resolve = resolve
  }

  @inlinable
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if let function { return function(&state, action) }
    let resolved = resolve()
    function = resolved
    return resolved(&state, action)
  }

  /// `reducer`'s reduce function with its body, and its body's body, built now.
  ///
  /// A reducer that implements ``Reducer/reduce(into:action:)`` itself has a `Never` body and is
  /// called as it is.
  static func reduceFunction<R: Reducer<State, Action>>(of reducer: R) -> Function {
    guard R.Body.self != Never.self, let body = reducer.body as? any Reducer<State, Action> else {
      return reducer.reduce(into:action:)
    }
    return reduceFunction(of: body)
  }
}
