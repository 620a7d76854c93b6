extension Reducer {
  /// Overrides a dependency for this reducer and the effects it returns.
  ///
  /// ```swift
  /// Feature().dependency(\.uuid, .incrementing)
  /// ```
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: Value
  ) -> _DependencyKeyWritingReducer<Self> where Value: Sendable {
    _DependencyKeyWritingReducer(base: ResolvedReducer(self)) { $0[keyPath: keyPath] = value }
  }

  /// Changes dependencies for this reducer and the effects it returns.
  public func transformDependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    transform: @escaping @Sendable (inout Value) -> Void
  ) -> _DependencyKeyWritingReducer<Self> {
    _DependencyKeyWritingReducer(base: ResolvedReducer(self)) { transform(&$0[keyPath: keyPath]) }
  }
}

/// The reducer built by ``Reducer/dependency(_:_:)``.
public struct _DependencyKeyWritingReducer<Base: Reducer>: Reducer {
  let base: ResolvedReducer<Base>
  let update: @Sendable (inout DependencyValues) -> Void

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    withDependencies(update) {
      base.reduce(into: &state, action: action)
    }
  }
}
