import Dispatch
import Synchronization

/// Runs `operation` with the main thread as its task executor preference: child tasks, `async let`
/// and nonisolated async functions it starts run on the main thread, one job at a time in the order
/// they were enqueued, so concurrent work interleaves the same way on every run.
///
/// TCA's tool for deterministic tests of effects that fan out. Unlike TCA's, which redirects the
/// whole process's global executor, this is a task executor preference: it reaches only the tasks
/// `operation` starts, so tests running in parallel are unaffected.
public func withMainSerialExecutor<T: Sendable>(
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> T
) async rethrows -> T {
  try await withTaskExecutorPreference(MainSerialExecutor.shared, isolation: isolation, operation: operation)
}

/// A task executor that runs every job on the main thread, in the order it was enqueued.
final class MainSerialExecutor: TaskExecutor {
  static let shared = MainSerialExecutor()

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    DispatchQueue.main.async {
      job.runSynchronously(isolatedTo: MainActor.sharedUnownedExecutor, taskExecutor: executor)
    }
  }
}

/// Whether test stores created from now on run their effects on the main serial executor
/// (``TestStore/useMainSerialExecutor``): on unless set otherwise, as in TCA.
///
/// TCA's flag redirects the whole process's global executor while a store lives; this one only
/// chooses the executor preference of the stores' effects, so suites running in parallel in one
/// process (as Swift Testing runs them) keep their own executors.
public var uncheckedUseMainSerialExecutor: Bool {
  get { mainSerialExecutorDefault.withLock { $0 } }
  set { mainSerialExecutorDefault.withLock { $0 = newValue } }
}

private let mainSerialExecutorDefault = Mutex(true)
