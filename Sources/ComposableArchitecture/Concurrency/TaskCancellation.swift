import Synchronization

/// Runs `operation` as a task registered under `id`, so ``Effect/cancel(id:)`` and
/// `Task.cancel(id:)` can cancel it; with `cancelInFlight`, work already running under `id` is
/// cancelled first.
///
/// The id is namespaced by the feature the caller runs in, as ``Effect/cancellable(id:cancelInFlight:)``'s is.
public func withTaskCancellation<T: Sendable>(
  id: some Hashable & Sendable,
  cancelInFlight: Bool = false,
  isolation: isolated (any Actor)? = #isolation,
  operation: @escaping @Sendable () async throws -> T
) async rethrows -> T {
  let cancelID = EffectCancelID(id: id, navigationIDPath: DependencyValues._current.navigationIDPath)
  if cancelInFlight { TaskCancellationRegistry.shared.cancel(cancelID) }
  let task = Task { try await operation() }
  let token = TaskCancellationRegistry.shared.insert(task, under: cancelID)
  defer { TaskCancellationRegistry.shared.remove(token, under: cancelID) }
  do {
    return try await withTaskCancellationHandler {
      try await task.value
    } onCancel: {
      task.cancel()
    }
  } catch {
    return try Result<T, any Error>.failure(error)._rethrowGet()
  }
}

extension Task where Success == Never, Failure == Never {
  /// Cancels the work running under `id`: with ``withTaskCancellation(id:cancelInFlight:isolation:operation:)``
  /// anywhere, and, when called from an effect, the store's effects made `.cancellable(id:)`.
  public static func cancel(id: some Hashable & Sendable) {
    let cancelID = EffectCancelID(id: id, navigationIDPath: DependencyValues._current.navigationIDPath)
    TaskCancellationRegistry.shared.cancel(cancelID)
    RunningEffectStore.cancel(cancelID)
  }
}

/// Lets a `rethrows` function throw an error its operation threw inside a task: a `@rethrows`
/// protocol's requirement counts as the caller's throwing argument.
@rethrows
private protocol ThrowingOutcome {
  associatedtype Output
  func get() throws -> Output
}

extension ThrowingOutcome {
  func _rethrowGet() rethrows -> Output {
    try get()
  }
}

extension Result: ThrowingOutcome {}

/// The tasks started by ``withTaskCancellation(id:cancelInFlight:isolation:operation:)``, shared by
/// the whole process as TCA's are; stores cancel here too when they cancel an id.
final class TaskCancellationRegistry: Sendable {
  static let shared = TaskCancellationRegistry()

  private struct State {
    var tasks: [EffectCancelID: [Int: @Sendable () -> Void]] = [:]
    var nextToken = 0
  }

  private let state = Mutex(State())

  func insert<T>(_ task: Task<T, any Error>, under id: EffectCancelID) -> Int {
    state.withLock {
      $0.nextToken += 1
      $0.tasks[id, default: [:]][$0.nextToken] = { task.cancel() }
      return $0.nextToken
    }
  }

  func remove(_ token: Int, under id: EffectCancelID) {
    state.withLock {
      $0.tasks[id]?[token] = nil
      if $0.tasks[id]?.isEmpty == true { $0.tasks[id] = nil }
    }
  }

  func cancel(_ id: EffectCancelID) {
    let cancels = state.withLock { $0.tasks.removeValue(forKey: id) }
    for cancel in cancels?.values ?? [:].values { cancel() }
  }
}
