import Foundation

/// Fails with `TimeoutError` if `operation` takes longer than `timeout`, so that a broken
/// connection fails one test quickly instead of hanging the run.
func withTimeout<Value: Sendable>(
  _ timeout: Duration = .seconds(30), _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
  try await withThrowingTaskGroup(of: Value.self) { group in
    group.addTask { try await operation() }
    group.addTask {
      try await Task.sleep(for: timeout)
      throw TimeoutError(timeout: timeout)
    }
    defer { group.cancelAll() }
    return try await group.next()!
  }
}

/// A test step did not finish in time.
struct TimeoutError: Error, CustomStringConvertible {
  var timeout: Duration
  var description: String { "timed out after \(timeout)" }
}
