/// A child reducer whose ``Reducer/body-swift.property`` is built on its first action and reused
/// after: composite reducers hold their children in one, so a store builds its reducer tree once
/// instead of on every action.
///
/// A body is a function of the reducer's stored properties, which never change; dependencies are
/// still read when an action is reduced, through `@Dependency`. Building waits for the first action
/// so recursive features (`forEach(\.children) { Self() }`) do not build an endless tree. A reducer
/// without a body is called directly, with nothing to cache.
@usableFromInline
struct ResolvedReducer<Base: Reducer> {
  @usableFromInline
  let base: Base
  @usableFromInline
  let cache: _ReducerBodyCache?

  @usableFromInline
  init(_ base: Base) {
    self.base = base
    self.cache = Base.Body.self == Never.self ? nil : _ReducerBodyCache()
  }

  @inlinable
  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    guard let cache else { return base.reduce(into: &state, action: action) }
    return base._reduce(into: &state, action: action, caching: cache)
  }
}
