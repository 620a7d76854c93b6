/// A store's reducer, held by a class so that reducing an action takes the reducer's generic types
/// from the object.
///
/// The store calls its reducer through a closure, where nothing is specialised: a closure over a
/// ``ResolvedReducer`` value, or a call into one, looks the value's type metadata up on every
/// action. So this reduces as ``ResolvedReducer/reduce(into:action:)`` does, from its own fields.
final class RootReducer<Base: Reducer> {
  private let cache: _ReducerBodyCache?
  private let base: Base
  /// `base`'s reduction with the metadata sent beside each action, when it is a ``MetadataReducer``.
  private let withMetadata: ((inout Base.State, Base.Action, (any Sendable)?) -> Effect<Base.Action>)?

  init(_ base: Base) {
    let resolved = ResolvedReducer(base)
    cache = resolved.cache
    self.base = resolved.base
    withMetadata = (base as? any MetadataReducer<Base.State, Base.Action>).map { Self.reduction(of: $0) }
  }

  func reduce(into state: inout Base.State, action: Base.Action, metadata: (any Sendable)?) -> Effect<Base.Action> {
    if let withMetadata { return withMetadata(&state, action, metadata) }
    guard let cache else { return base.reduce(into: &state, action: action) }
    return base._reduce(into: &state, action: action, caching: cache)
  }

  private static func reduction(
    of reducer: some MetadataReducer<Base.State, Base.Action>
  ) -> (inout Base.State, Base.Action, (any Sendable)?) -> Effect<Base.Action> {
    { reducer.reduce(into: &$0, action: $1, metadata: $2) }
  }
}
