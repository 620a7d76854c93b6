import Dispatch

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
