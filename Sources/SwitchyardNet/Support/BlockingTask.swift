import Dispatch
import Synchronization

/// Runs async work from a plain thread and blocks that thread until the work is done.
///
/// The server's connection threads are dedicated to blocking IO, so parking one on a semaphore
/// while a route's async handler runs costs nothing; never call this from a Swift concurrency
/// thread, which must not block.
enum BlockingTask {
  static func run<Value: Sendable>(_ operation: @escaping @Sendable () async -> Value) -> Value {
    let slot = Slot<Value>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      let result = await operation()
      slot.value.withLock { $0 = result }
      done.signal()
    }
    done.wait()
    return slot.value.withLock { $0! }
  }

  private final class Slot<Value: Sendable>: Sendable {
    let value = Mutex<Value?>(nil)
  }
}
