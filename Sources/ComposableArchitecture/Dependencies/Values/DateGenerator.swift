import Foundation

/// Tells the current date; a dependency so tests can fix it.
public struct DateGenerator: Sendable {
  private var generate: @Sendable () -> Date

  /// Creates a generator from a function.
  public init(_ generate: @escaping @Sendable () -> Date) {
    self.generate = generate
  }

  /// The current date; setting it fixes the date, as `$0.date.now = Date(…)` does in a test.
  public var now: Date {
    get { generate() }
    set { generate = { newValue } }
  }

  /// Returns the current date.
  public func callAsFunction() -> Date {
    generate()
  }

  /// Always the same date, for tests.
  public static func constant(_ date: Date) -> Self {
    Self { date }
  }
}

private enum DateGeneratorKey: DependencyKey {
  static let liveValue = DateGenerator { Date() }
  static var testValue: DateGenerator {
    DateGenerator {
      reportIssue(#"Unimplemented: @Dependency(\.date). Override it in the test, e.g. "$0.date = .constant(…)"."#)
      return Date()
    }
  }
}

extension DependencyValues {
  /// The current date: the system clock when live, `.constant` in tests.
  public var date: DateGenerator {
    get { self[DateGeneratorKey.self] }
    set { self[DateGeneratorKey.self] = newValue }
  }
}
