import Foundation

/// Runs blocking code (a socket, a client, a `waitpid`) on a thread of its own and awaits its result.
///
/// Tests must not block Swift's cooperative threads: on a two-core machine there are two, and
/// the servers under test need them to answer the very requests a blocked test waits on.
public func offThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
  try await withCheckedThrowingContinuation { continuation in
    Thread.detachNewThread {
      continuation.resume(with: Result { try body() })
    }
  }
}
