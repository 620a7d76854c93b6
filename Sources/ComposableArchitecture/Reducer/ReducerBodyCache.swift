/// Where a reducer's built ``Reducer/body-swift.property`` is kept between actions.
///
/// The body is stored with its concrete type, so the reducer that reads it back calls a fully
/// specialised body, exactly as if it had built it again.
public final class _ReducerBodyCache {
  @usableFromInline
  var body: AnyObject?

  @usableFromInline
  init() {}
}

/// A built body, boxed so ``_ReducerBodyCache`` can hold any body type.
@usableFromInline
final class ReducerBodyBox<Body: Reducer> {
  @usableFromInline
  let body: Body

  @usableFromInline
  init(_ body: Body) {
    self.body = body
  }

  /// Runs the body where it is stored: reading it out first would copy the whole tree per action.
  @inlinable
  func reduce(into state: inout Body.State, action: Body.Action) -> Effect<Body.Action> {
    body.reduce(into: &state, action: action)
  }
}

extension Reducer {
  /// Reduces with ``reduce(into:action:)``: a reducer without a body has nothing to cache.
  @inlinable
  public func _reduce(into state: inout State, action: Action, caching cache: _ReducerBodyCache) -> Effect<Action> {
    reduce(into: &state, action: action)
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Reduces with the body built on the first call and kept in `cache`.
  @inlinable
  public func _reduce(into state: inout State, action: Action, caching cache: _ReducerBodyCache) -> Effect<Action> {
    if let box = cache.body {
      // Only this method fills the cache, always with a box of `Body`.
      return unsafeDowncast(box, to: ReducerBodyBox<Body>.self).reduce(into: &state, action: action)
    }
    let body = self.body
    cache.body = ReducerBodyBox(body)
    return body.reduce(into: &state, action: action)
  }
}
