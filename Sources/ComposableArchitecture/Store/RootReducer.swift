/// A store's reducer, held by a class so that reducing an action takes the reducer's generic types
/// from the object.
///
/// The store calls its reducer through a closure, where nothing is specialised: a closure over a
/// ``ResolvedReducer`` value, or a call into one, looks the value's type metadata up on every
/// action. So this reduces as ``ResolvedReducer/reduce(into:action:)`` does, from its own fields.
final class RootReducer<Base: Reducer> {
  private let cache: _ReducerBodyCache?
  private let base: Base

  init(_ base: Base) {
    let resolved = ResolvedReducer(base)
    cache = resolved.cache
    self.base = resolved.base
  }

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    guard let cache else { return base.reduce(into: &state, action: action) }
    return base._reduce(into: &state, action: action, caching: cache)
  }
}
