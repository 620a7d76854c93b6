import Foundation

/// Runs blocking socket code on a thread of its own and awaits its result.
///
/// Tests must not block Swift's cooperative threads: on a two-core machine there are two, and
/// the server's route handlers need them to answer the very requests a blocked test waits on.
func offThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
  try await withCheckedThrowingContinuation { continuation in
    Thread.detachNewThread {
      continuation.resume(with: Result { try body() })
    }
  }
}

/// Fails with `TimeoutError` if `operation` takes longer than `timeout`, so that a broken
/// connection fails one test quickly instead of hanging the run.
func withTimeout<Value: Sendable>(
  _ timeout: Duration = .seconds(10), _ operation: @escaping @Sendable () async throws -> Value
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
