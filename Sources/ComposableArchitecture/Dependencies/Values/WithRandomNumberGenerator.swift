import Foundation

/// Gives access to a random number generator; a dependency so tests can seed it.
///
/// ```swift
/// @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
/// let roll = withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
/// ```
public final class WithRandomNumberGenerator: @unchecked Sendable {
  // Guarded by `lock`: every access to the generator goes through `callAsFunction`.
  private var generator: any RandomNumberGenerator
  private let lock = NSLock()

  /// Wraps `generator`; calls are serialised so it can be shared.
  public init(_ generator: some RandomNumberGenerator) {
    self.generator = generator
  }

  /// Runs `work` with exclusive access to the generator.
  public func callAsFunction<R>(_ work: (inout any RandomNumberGenerator) -> R) -> R {
    lock.withLock { work(&generator) }
  }
}

/// A small deterministic generator (SplitMix64) for seeding ``WithRandomNumberGenerator`` in tests.
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator whose sequence is fixed by `seed`.
  public init(seed: UInt64) {
    self.state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

private enum WithRandomNumberGeneratorKey: DependencyKey {
  static let liveValue = WithRandomNumberGenerator(SystemRandomNumberGenerator())
  static var testValue: WithRandomNumberGenerator {
    reportIssue(
      #"Unimplemented: @Dependency(\.withRandomNumberGenerator). Override it in the test, e.g. with a SeededRandomNumberGenerator."#
    )
    return WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 0))
  }
}

extension DependencyValues {
  /// Random numbers: the system generator when live, a seeded one in tests.
  public var withRandomNumberGenerator: WithRandomNumberGenerator {
    get { self[WithRandomNumberGeneratorKey.self] }
    set { self[WithRandomNumberGeneratorKey.self] = newValue }
  }
}
