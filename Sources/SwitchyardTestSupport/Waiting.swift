import Foundation

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
///
/// `body` runs on the caller's actor, as `Task { }` would: a nonisolated test's blocking client
/// calls then hold a pool thread, which the pool replaces, not the main actor, which every
/// in-process store of every suite shares.
public func withTimeout<T: Sendable>(
  _ seconds: Double,
  _ what: String = "the test",
  @_inheritActorContext _ body: @Sendable @escaping @isolated(any) () async throws -> T
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

/// Waits until `condition` holds, checking every 10 ms on the caller's actor, for at most `seconds`;
/// `what` is read only when the time runs out, so a log it names is the log then.
///
/// For conditions nothing streams (a pool's size after a restart); state changes can be awaited
/// through `store.observe` instead. Thirty seconds unless told: on a loaded two-core machine a
/// test waits its turn for a thread, and so do the processes it waits on.
nonisolated(nonsending) public func eventually(
  _ what: @autoclosure () -> String,
  within seconds: Double = 30,
  _ condition: () -> Bool
) async throws {
  let deadline = ContinuousClock.now + .seconds(seconds)
  while !condition() {
    guard ContinuousClock.now < deadline else { throw TimedOut(what: what()) }
    try await Task.sleep(for: .milliseconds(10))
  }
}

/// Polls `condition` every 10 ms on the calling thread for at most 30 seconds, failing with
/// ``TimedOut``; for server-side state nothing pushes, from a thread of the test's own.
public func waitUntil(_ condition: () throws -> Bool) throws {
  let deadline = ContinuousClock.now + .seconds(30)
  while try !condition() {
    guard ContinuousClock.now < deadline else { throw TimedOut(what: "a condition") }
    Thread.sleep(forTimeInterval: 0.01)
  }
}
