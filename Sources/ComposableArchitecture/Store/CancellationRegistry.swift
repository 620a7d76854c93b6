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
  final class Entry: EffectFence {
    var task: Task<Void, Never>?
    let ids: EffectCancelIDs
    /// The send this effect belongs to, which it leaves when it ends.
    let tasks: EffectTaskSet
    /// The registry it is registered in under ``ids``; `nil` when it has no cancel id.
    ///
    /// The entry does its own bookkeeping when it ends, so an effect costs no closure for it.
    private let registry: CancellationRegistry?
    /// Whether an ``EffectHandle`` drives this effect instead of a task.
    private let isHandled: Bool
    // `@exclusivity(unchecked)`: touched when every effect starts and ends, and never while a
    // handler runs (handlers are taken out first), so a dynamic exclusivity check on each access
    // would buy nothing.
    @exclusivity(unchecked) private var cancelHandler: (@MainActor () -> Void)?
    @exclusivity(unchecked) private var hasEnded = false
    @exclusivity(unchecked) private var waiters: [CheckedContinuation<Void, Never>] = []
    @exclusivity(unchecked) private var settleHandlers: [@MainActor () -> Void] = []

    /// Creates the entry of an effect started inside `parent`'s effect, if any.
    init(
      parent: EffectFence?,
      ids: EffectCancelIDs,
      tasks: EffectTaskSet,
      registry: CancellationRegistry?,
      isHandled: Bool = false
    ) {
      self.ids = ids
      self.tasks = tasks
      self.registry = registry
      self.isHandled = isHandled
      super.init(parent: parent)
    }

    /// The fence the effect's sends check: the entry itself.
    var fence: EffectFence { self }

    func cancel() {
      cancelFence()
      task?.cancel()
      let handler = cancelHandler
      cancelHandler = nil
      handler?()
      settle()
    }

    /// Whether the effect has ended or been cancelled: either way, nothing more of it reaches the
    /// reducer.
    var isSettled: Bool {
      hasEnded || fence.isCancelled
    }

    /// Calls `handler` once, as soon as the effect ends or is cancelled, or now if it already has.
    ///
    /// Synchronous, unlike waiting for a cancelled task to unwind, so a `TestStore` stops counting
    /// an effect as in flight the moment it is cancelled, as TCA's does.
    func whenSettled(_ handler: @escaping @MainActor () -> Void) {
      guard !isSettled else { return handler() }
      settleHandlers.append(handler)
    }

    /// Records that a task-driven effect's task has returned.
    func taskDidEnd() {
      retire()
      hasEnded = true
      settle()
    }

    /// The store's bookkeeping when the effect ends: anything it sends from now on is reported,
    /// and it leaves its send and its cancel ids.
    private func retire() {
      fence.isCompleted = true
      tasks.remove(self)
      registry?.unregister(self)
    }

    private func settle() {
      let handlers = settleHandlers
      settleHandlers.removeAll()
      for handler in handlers { handler() }
    }

    /// Calls `handler` when the effect is cancelled, or now if it already was; not after it ended.
    func onCancel(_ handler: @escaping @MainActor () -> Void) {
      guard !hasEnded else { return }
      guard !fence.isCancelled else { return handler() }
      cancelHandler = handler
    }

    /// Ends a handled effect, waking whoever waits for it; later calls do nothing.
    func end() {
      guard !hasEnded else { return }
      hasEnded = true
      cancelHandler = nil
      retire()
      let waiters = waiters
      self.waiters.removeAll()
      for waiter in waiters { waiter.resume() }
      settle()
    }

    /// Waits for the task, or a handled effect's end.
    func finish() async {
      guard isHandled else {
        await task?.value
        return
      }
      guard !hasEnded else { return }
      await withCheckedContinuation { waiters.append($0) }
    }
  }

  /// `@exclusivity(unchecked)`: changed when every cancellable effect starts and ends, by code that
  /// calls nothing meanwhile (cancelling takes the entries out before cancelling them).
  @exclusivity(unchecked) private var entries: [EffectCancelID: Running] = [:]

  /// Registers `entry` under each of its ids and, for an effect of a child feature, under the same
  /// id at each ancestor; a root effect costs no more than before.
  func register(_ entry: Entry) {
    entry.ids.forEach { id in
      guard id.isScoped else { return insert(entry, under: id) }
      for scope in id.scopes { insert(entry, under: scope) }
    }
  }

  func unregister(_ entry: Entry) {
    entry.ids.forEach { id in
      guard id.isScoped else { return remove(entry, from: id) }
      for scope in id.scopes { remove(entry, from: scope) }
    }
  }

  // Each is one hash lookup: the registry is on the path of every cancellable effect.
  private func insert(_ entry: Entry, under id: EffectCancelID) {
    guard let index = entries.index(forKey: id) else {
      entries[id] = .one(entry)
      return
    }
    entries.values[index].insert(entry)
  }

  private func remove(_ entry: Entry, from id: EffectCancelID) {
    guard let index = entries.index(forKey: id) else { return }
    if entries.values[index].remove(entry) { entries.remove(at: index) }
  }

  /// Cancels and forgets everything running under `id`.
  func cancel(id: EffectCancelID) {
    guard let running = entries.removeValue(forKey: id) else { return }
    for entry in running.entries {
      entry.cancel()
      unregister(entry)
    }
  }

  /// Whether anything is running under `id`.
  func isRunning(id: EffectCancelID) -> Bool {
    entries[id] != nil
  }

  /// The effects running under one id: almost always one, which needs no table of its own.
  private enum Running {
    case one(Entry)
    case many([ObjectIdentifier: Entry])

    var entries: [Entry] {
      switch self {
      case let .one(entry): [entry]
      case let .many(running): Array(running.values)
      }
    }

    mutating func insert(_ entry: Entry) {
      switch self {
      case let .one(existing):
        guard existing !== entry else { return }
        self = .many([ObjectIdentifier(existing): existing, ObjectIdentifier(entry): entry])
      case var .many(running):
        // Release this enum's reference first, so the table is changed in place, not copied.
        self = .many([:])
        running[ObjectIdentifier(entry)] = entry
        self = .many(running)
      }
    }

    /// Removes `entry`, returning whether nothing is left under the id.
    mutating func remove(_ entry: Entry) -> Bool {
      switch self {
      case let .one(existing):
        return existing === entry
      case var .many(running):
        self = .many([:])
        running[ObjectIdentifier(entry)] = nil
        self = .many(running)
        return running.isEmpty
      }
    }
  }
}
