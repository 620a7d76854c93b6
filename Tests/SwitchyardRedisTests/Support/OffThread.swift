import Foundation

/// Runs blocking client code on a thread of its own and awaits its result, so tests never block
/// Swift's cooperative threads (two on this machine).
func offThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
  try await withCheckedThrowingContinuation { continuation in
    Thread.detachNewThread {
      continuation.resume(with: Result { try body() })
    }
  }
}
