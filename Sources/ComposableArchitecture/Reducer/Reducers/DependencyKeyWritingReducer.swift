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

extension Reducer {
  /// Overrides the dependency whose key is its own type: `Feature().dependency(TodoClient.mock)`.
  public func dependency<Value: TestDependencyKey>(_ value: Value) -> _DependencyKeyWritingReducer<Self>
  where Value.Value == Value, Value: Sendable {
    _DependencyKeyWritingReducer(base: ResolvedReducer(self)) { $0[Value.self] = value }
  }
}

extension _DependencyKeyWritingReducer {
  /// Adds another override to this one, keeping the reducer's type as TCA does, so a chain of
  /// overrides is one reducer rather than one per override.
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: Value
  ) -> Self where Value: Sendable {
    fused { $0[keyPath: keyPath] = value }
  }

  /// Adds another override of a dependency whose key is its own type.
  public func dependency<Value: TestDependencyKey>(_ value: Value) -> Self
  where Value.Value == Value, Value: Sendable {
    fused { $0[Value.self] = value }
  }

  /// Adds another change of a dependency to this one.
  public func transformDependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    transform: @escaping @Sendable (inout Value) -> Void
  ) -> Self {
    fused { transform(&$0[keyPath: keyPath]) }
  }

  // The inner override is applied last, so it wins, as it does when each override wraps the
  // reducer in a reducer of its own (the outer one sets its value first).
  private func fused(_ next: @escaping @Sendable (inout DependencyValues) -> Void) -> Self {
    let update = self.update
    return Self(base: base) {
      next(&$0)
      update(&$0)
    }
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
