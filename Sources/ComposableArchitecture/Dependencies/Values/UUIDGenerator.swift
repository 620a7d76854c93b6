import Foundation
import Synchronization

/// Makes UUIDs; a dependency so tests can make them predictable.
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID

  /// Creates a generator from a function.
  public init(_ generate: @escaping @Sendable () -> UUID) {
    self.generate = generate
  }

  /// Returns the next UUID.
  public func callAsFunction() -> UUID {
    generate()
  }

  /// Random UUIDs, as `UUID()` makes.
  public static var random: Self {
    Self { UUID() }
  }

  /// Always the same UUID.
  public static func constant(_ uuid: UUID) -> Self {
    Self { uuid }
  }

  /// `UUID(0)`, `UUID(1)`, … — a fresh sequence each time this is read, for tests.
  public static var incrementing: Self {
    let next = Mutex(0)
    return Self {
      UUID(next.withLock { value in
        defer { value += 1 }
        return value
      })
    }
  }
}

extension UUID {
  /// A UUID whose last 12 hex digits spell `intValue`: `UUID(1)` is `00000000-0000-0000-0000-000000000001`.
  ///
  /// Readable, ordered ids for tests.
  public init(_ intValue: Int) {
    let hex = String(UInt64(truncatingIfNeeded: intValue), radix: 16, uppercase: true)
    let digits = String(repeating: "0", count: max(0, 12 - hex.count)) + hex
    self.init(uuidString: "00000000-0000-0000-0000-\(digits.suffix(12))")!
  }
}

private enum UUIDGeneratorKey: DependencyKey {
  static let liveValue = UUIDGenerator.random
  static var testValue: UUIDGenerator {
    UUIDGenerator {
      reportIssue(#"Unimplemented: @Dependency(\.uuid). Override it in the test, e.g. "$0.uuid = .incrementing"."#)
      return UUID()
    }
  }
}

extension DependencyValues {
  /// Makes UUIDs: random when live, `.incrementing` or `.constant` in tests.
  public var uuid: UUIDGenerator {
    get { self[UUIDGeneratorKey.self] }
    set { self[UUIDGeneratorKey.self] = newValue }
  }
}
