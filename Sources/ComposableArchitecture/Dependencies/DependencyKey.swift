/// A key for a dependency that only has values for tests and previews.
///
/// Most dependencies conform to ``DependencyKey`` instead, which adds the live value.
public protocol TestDependencyKey {
  /// The type of the dependency's value.
  associatedtype Value: Sendable = Self

  /// The value used in previews; defaults to the live value.
  static var previewValue: Value { get }

  /// The value used in tests; defaults to one that reports a test failure when it is used.
  static var testValue: Value { get }
}

/// A key for a dependency: its live, preview and test values.
///
/// ```swift
/// extension TodoClient: DependencyKey {
///   static let liveValue = TodoClient(fetchAll: { … })
///   static let testValue = TodoClient(fetchAll: { [] })
/// }
/// ```
public protocol DependencyKey: TestDependencyKey {
  /// The type of the dependency's value; re-declared, as swift-dependencies does, so that it is
  /// inferred from ``liveValue`` when the key is not the value itself.
  associatedtype Value = Self

  /// The value used when the application runs for real.
  static var liveValue: Value { get }
}

extension DependencyKey {
  public static var previewValue: Value { liveValue }

  /// Reports that a test used a dependency without overriding it, then falls back to the preview value.
  ///
  /// A test must say what its dependencies do; silently reaching the live one would make it depend on
  /// the outside world.
  public static var testValue: Value {
    guard !DependencyValues.isPreparing else { return previewValue }
    reportIssue(
      """
      @Dependency(\(Self.self)) has no test implementation, but was accessed from a test context. \
      Override it with "withDependencies" (e.g. in the TestStore) or give \(Self.self) a "testValue".
      """
    )
    return previewValue
  }
}

extension TestDependencyKey {
  public static var previewValue: Value { testValue }
}
