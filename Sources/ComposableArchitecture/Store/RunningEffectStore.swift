import Dispatch

/// The store whose effect the current task runs, and that effect's fence, so `Task.cancel(id:)`
/// called inside an effect cancels that store's `.cancellable(id:)` effects, as TCA's does.
struct RunningEffectStore: Sendable {
  @TaskLocal static var current: RunningEffectStore?

  let cancellations: CancellationRegistry
  let fence: EffectFence

  /// Cancels the running store's effects under `id`: at once on the main actor, where effects run
  /// and call it, cancelling the caller's own task too if it was among them; from a task elsewhere,
  /// as soon as the main actor gets to it.
  static func cancel(_ id: EffectCancelID) {
    guard let current else { return }
    guard isOnMainQueue else {
      Task { @MainActor in current.cancellations.cancel(id: id) }
      return
    }
    MainActor.assumeIsolated {
      current.cancellations.cancel(id: id)
      // A task's handle is stored once its synchronous start returns, so an effect cancelling its
      // own id before its first suspension cancels its task here.
      if current.fence.isCancelled { withUnsafeCurrentTask { $0?.cancel() } }
    }
  }

  /// Whether the caller runs on the main queue, the main actor's executor: on Linux that is not
  /// the main thread once the process's async entry point has parked it.
  private static var isOnMainQueue: Bool {
    DispatchQueue.getSpecific(key: mainQueueKey) != nil
  }

  private static let mainQueueKey: DispatchSpecificKey<Void> = {
    let key = DispatchSpecificKey<Void>()
    DispatchQueue.main.setSpecific(key: key, value: ())
    return key
  }()
}
