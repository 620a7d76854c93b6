import Foundation
import Synchronization

/// Runs `operation` with the work it starts enqueued on the main serial executor, then restores
/// ``uncheckedUseMainSerialExecutor`` to what it was once nothing else holds it on.
///
/// TCA's tool for deterministic tests of effects that fan out: child tasks, `async let`, detached
/// tasks and default actors all run on the main thread, one job at a time in enqueue order, so
/// concurrent work interleaves the same way on every run. Every job enqueued from the main queue
/// (the main actor's work) is serialised — a test store's, its effects', and everything they start in turn — but not jobs
/// other threads enqueue: Swift Testing runs suites in parallel in one process, and TCA's
/// process-wide hook would put their blocking work on the main queue too.
public func withMainSerialExecutor<T: Sendable>(
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> T
) async rethrows -> T {
  MainSerialExecutorClaims.shared.claim()
  defer { MainSerialExecutorClaims.shared.release() }
  return try await operation()
}

/// Runs synchronous `operation` with every task in the process enqueued on the main serial
/// executor: for a test harness wrapping a whole test, as TCA's `invokeTest` override does.
public func withMainSerialExecutor<T>(operation: () throws -> T) rethrows -> T {
  MainSerialExecutorClaims.shared.claim()
  defer { MainSerialExecutorClaims.shared.release() }
  return try operation()
}

/// Whether every job enqueued on Swift's global executor from the main queue (the main actor's
/// work) runs on the main serial executor instead, until set back to `false`.
///
/// Unchecked: nothing scopes it, so prefer ``withMainSerialExecutor(isolation:operation:)``. A
/// ``TestStore`` sets it while it lives, as TCA's does. It replaces the concurrency runtime's
/// `swift_task_enqueueGlobal_hook`, which Linux's runtime exports as Darwin's does.
public var uncheckedUseMainSerialExecutor: Bool {
  get { GlobalEnqueueHook.isInstalled }
  set { GlobalEnqueueHook.isInstalled = newValue }
}

/// The concurrency runtime's hook on enqueuing a job on the global executor.
private enum GlobalEnqueueHook {
  typealias Original = @convention(thin) (UnownedJob) -> Void
  typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

  /// The runtime's variable; written under `lock` so a read-then-write here is never torn.
  nonisolated(unsafe) static let slot: UnsafeMutablePointer<Hook?>? = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook")
    .map { $0.assumingMemoryBound(to: Hook?.self) }
  static let lock = Mutex(())

  static var isInstalled: Bool {
    get { lock.withLock { _ in slot?.pointee != nil } }
    set {
      lock.withLock { _ in
        guard newValue else {
          slot?.pointee = nil
          return
        }
        DispatchQueue.main.setSpecific(key: mainQueueMark, value: ())
        // A job enqueued from the main queue goes to the main actor's queue, behind every job
        // enqueued before it; any other to the global executor, as without the hook.
        slot?.pointee = { job, original in
          if DispatchQueue.getSpecific(key: mainQueueMark) != nil {
            MainActor.shared.enqueue(job)
          } else {
            original(job)
          }
        }
      }
    }
  }
}

/// Marks the main queue, so the hook can tell a job enqueued from the main actor's work (which the
/// main queue runs) from one enqueued by any other thread.
private let mainQueueMark = DispatchSpecificKey<Void>()

/// The test stores and `withMainSerialExecutor` scopes alive in the process, which keep the main
/// serial executor on between them.
///
/// The first to start saves ``uncheckedUseMainSerialExecutor`` and sets it; the last to end
/// restores it. One at a time, that is exactly TCA's save-and-restore; with tests running in
/// parallel, one ending does not turn the executor off under another.
final class MainSerialExecutorClaims: Sendable {
  static let shared = MainSerialExecutorClaims(
    read: { uncheckedUseMainSerialExecutor },
    write: { uncheckedUseMainSerialExecutor = $0 }
  )

  private let state = Mutex<(count: Int, saved: Bool)>((0, false))
  private let read: @Sendable () -> Bool
  private let write: @Sendable (Bool) -> Void

  init(read: @escaping @Sendable () -> Bool, write: @escaping @Sendable (Bool) -> Void) {
    self.read = read
    self.write = write
  }

  func claim() {
    state.withLock { state in
      if state.count == 0 { state.saved = read() }
      state.count += 1
      write(true)
    }
  }

  func release() {
    state.withLock { state in
      state.count -= 1
      if state.count == 0 { write(state.saved) }
    }
  }
}

/// One holder's claim on the main serial executor, such as a test store's: held or not, and let go
/// when the holder ends.
final class MainSerialExecutorClaim: Sendable {
  private let held = Mutex(false)

  /// Whether it is held.
  var isHeld: Bool { held.withLock { $0 } }

  /// Holds the claim, or lets it go.
  func hold(_ wanted: Bool) {
    held.withLock { held in
      guard held != wanted else { return }
      held = wanted
      wanted ? MainSerialExecutorClaims.shared.claim() : MainSerialExecutorClaims.shared.release()
    }
  }

  deinit {
    if held.withLock({ $0 }) { MainSerialExecutorClaims.shared.release() }
  }
}
