import Foundation
import Synchronization
import Testing

/// The outcome of work on a thread of its own, awaited by blocking: how a test runs a blocking
/// command while it does something else (kills the server under it).
final class ThreadResult<Value: Sendable, Failure: Error>: Sendable {
  private let outcome = Mutex<Result<Value, Failure>?>(nil)
  private let done = DispatchSemaphore(value: 0)

  fileprivate func finish(_ result: Result<Value, Failure>) {
    outcome.withLock { $0 = result }
    done.signal()
  }

  /// Blocks until the work ends, for at most 30 seconds (then the test fails).
  func wait() -> Result<Value, Failure> {
    if done.wait(timeout: .now() + 30) == .timedOut {
      Issue.record("the thread did not finish within 30 s")
    } else {
      done.signal()
    }
    return outcome.withLock { $0 }!
  }
}

extension Thread {
  /// Runs `body` on a new thread; annotate the closure `() throws(RedisError) in` to get typed
  /// failures.
  static func detachedResult<Value: Sendable, Failure: Error>(
    _ body: @escaping @Sendable () throws(Failure) -> Value
  ) -> ThreadResult<Value, Failure> {
    let result = ThreadResult<Value, Failure>()
    Thread.detachNewThread {
      do throws(Failure) {
        result.finish(.success(try body()))
      } catch {
        result.finish(.failure(error))
      }
    }
    return result
  }
}
