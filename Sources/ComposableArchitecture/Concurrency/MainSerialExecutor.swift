import Foundation

/// Runs `operation` with every task that would go to the global concurrent executor enqueued on the
/// main actor instead, so concurrent work interleaves the same way on every run.
///
/// TCA's tool for deterministic tests of effects that fan out (`async let`, task groups). The
/// switch is process-wide while `operation` runs: tests that run in parallel with it share it.
@MainActor
public func withMainSerialExecutor(
  @_implicitSelfCapture operation: @MainActor () async throws -> Void
) async rethrows {
  let previous = MainSerialExecutor.isEnabled
  MainSerialExecutor.isEnabled = true
  defer { MainSerialExecutor.isEnabled = previous }
  try await operation()
}

/// Runs synchronous `operation` with the main serial executor; see the async form.
public func withMainSerialExecutor(@_implicitSelfCapture operation: () throws -> Void) rethrows {
  let previous = MainSerialExecutor.isEnabled
  MainSerialExecutor.isEnabled = true
  defer { MainSerialExecutor.isEnabled = previous }
  try operation()
}

/// The Swift runtime's hook for enqueueing onto the global executor, which the main serial executor
/// points at the main actor.
enum MainSerialExecutor {
  private typealias Original = @convention(thin) (UnownedJob) -> Void
  private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

  private nonisolated(unsafe) static let hook: UnsafeMutablePointer<Hook?>? = {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook") else { return nil }
    return symbol.assumingMemoryBound(to: Hook?.self)
  }()

  /// Whether global-executor jobs go to the main actor.
  static var isEnabled: Bool {
    get { hook?.pointee != nil }
    set {
      hook?.pointee = newValue ? { job, _ in MainActor.shared.enqueue(job) } : nil
    }
  }
}
