/// The running effects of one store, indexed by the cancel ids they were started under.
///
/// Registration happens synchronously when the store starts an effect, before its task runs, which
/// is what makes `cancel(id:)` exact.
@MainActor
final class CancellationRegistry {
  /// One effect's task and the fence that silences it.
  ///
  /// The entry exists, and can be cancelled, before its task is started: the store registers an
  /// effect while interpreting a reducer's result and starts it once the whole result is read.
  @MainActor
  final class Entry {
    var task: Task<Void, Never>?
    let fence: EffectFence
    let ids: [EffectCancelID]

    init(fence: EffectFence, ids: [EffectCancelID]) {
      self.fence = fence
      self.ids = ids
    }

    func cancel() {
      fence.cancel()
      task?.cancel()
    }

    /// Waits for the task to finish.
    func finish() async {
      await task?.value
    }
  }

  private var entries: [EffectCancelID: [ObjectIdentifier: Entry]] = [:]

  func register(_ entry: Entry) {
    for id in entry.ids {
      entries[id, default: [:]][ObjectIdentifier(entry)] = entry
    }
  }

  func unregister(_ entry: Entry) {
    for id in entry.ids {
      entries[id]?[ObjectIdentifier(entry)] = nil
      if entries[id]?.isEmpty == true { entries[id] = nil }
    }
  }

  /// Cancels and forgets everything running under `id`.
  func cancel(id: EffectCancelID) {
    guard let running = entries.removeValue(forKey: id) else { return }
    for entry in running.values {
      entry.cancel()
      unregister(entry)
    }
  }

  /// Whether anything is running under `id`.
  func isRunning(id: EffectCancelID) -> Bool {
    entries[id] != nil
  }
}
