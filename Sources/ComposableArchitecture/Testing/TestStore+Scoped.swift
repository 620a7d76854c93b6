extension TestStore {
  /// Runs `operation` with the test store's exhaustivity set to `exhaustivity`, then restores it:
  /// for one non-exhaustive stretch of an otherwise exhaustive test.
  @discardableResult
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity,
    operation: () throws -> R
  ) rethrows -> R {
    let previous = self.exhaustivity
    defer { self.exhaustivity = previous }
    self.exhaustivity = exhaustivity
    return try operation()
  }

  /// Runs async `operation` with the test store's exhaustivity set to `exhaustivity`, then restores it.
  @discardableResult
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity,
    operation: () async throws -> sending R
  ) async rethrows -> R {
    let previous = self.exhaustivity
    defer { self.exhaustivity = previous }
    self.exhaustivity = exhaustivity
    return try await operation()
  }

  /// Runs `operation` with the store's dependencies changed by `update`, then restores them: the
  /// actions sent inside see the changed values.
  @discardableResult
  public func withDependencies<R>(
    _ update: (_ dependencies: inout DependencyValues) throws -> Void,
    operation: () throws -> R
  ) rethrows -> R {
    let previous = dependencies
    defer { dependencies = previous }
    try DependencyValues.prepare(&dependencies, with: update)
    return try operation()
  }

  /// Runs async `operation` with the store's dependencies changed by `update`, then restores them.
  @discardableResult
  public func withDependencies<R>(
    _ update: (_ dependencies: inout DependencyValues) throws -> Void,
    operation: () async throws -> sending R
  ) async rethrows -> R {
    let previous = dependencies
    defer { dependencies = previous }
    try DependencyValues.prepare(&dependencies, with: update)
    return try await operation()
  }
}
