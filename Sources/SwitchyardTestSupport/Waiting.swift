/// An error thrown when a test's bounded wait runs out.
public struct TimedOut: Error, CustomStringConvertible {
  /// What the test waited for.
  public let what: String

  /// Creates the error for a wait for `what`.
  public init(what: String) {
    self.what = what
  }

  public var description: String { "Timed out waiting for \(what)." }
}

/// Runs `body`, failing with ``TimedOut`` after `seconds`.
@MainActor
public func withTimeout<T: Sendable>(
  _ seconds: Double,
  _ what: String = "the test",
  _ body: @MainActor @escaping () async throws -> T
) async throws -> T {
  try await withThrowingTaskGroup(of: T.self) { group in
    group.addTask { try await body() }
    group.addTask {
      try await Task.sleep(for: .seconds(seconds))
      throw TimedOut(what: what)
    }
    defer { group.cancelAll() }
    return try await group.next()!
  }
}

/// Waits until `condition` holds, checking every 10 ms, for at most `seconds`.
///
/// For conditions nothing streams (a pool's size after a restart); state changes can be awaited
/// through `store.observe` instead.
@MainActor
public func eventually(
  _ what: String,
  within seconds: Double = 10,
  _ condition: @MainActor () -> Bool
) async throws {
  let deadline = ContinuousClock.now + .seconds(seconds)
  while !condition() {
    guard ContinuousClock.now < deadline else { throw TimedOut(what: what) }
    try await Task.sleep(for: .milliseconds(10))
  }
}
