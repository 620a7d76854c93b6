/// Runs `operation` with dependencies changed by `update`, leaving everything else as it is.
///
/// ```swift
/// let id = withDependencies { $0.uuid = .incrementing } operation: { @Dependency(\.uuid) var uuid; return uuid() }
/// ```
@discardableResult
public func withDependencies<R>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  var values = DependencyValues._current
  try DependencyValues.prepare(&values, with: update)
  return try DependencyValues.$_current.withValue(values, operation: operation)
}

/// Runs async `operation` with dependencies changed by `update`.
@discardableResult
public func withDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ update: (inout DependencyValues) async throws -> Void,
  operation: () async throws -> R
) async rethrows -> R {
  var values = DependencyValues._current
  try await DependencyValues.$isPreparing.withValue(true) { try await update(&values) }
  return try await DependencyValues.$_current.withValue(values, operation: operation)
}
