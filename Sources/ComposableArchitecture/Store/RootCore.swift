/// Owns a store's state and runs its reducer and effects, on the main actor.
///
/// Actions sent while an action is being reduced — by a `.send` effect or re-entrantly — are
/// buffered and reduced in order after it, and observers see state only after the buffer drains,
/// exactly as in TCA.
@MainActor
final class RootCore<State, Action>: StoreCore {
  private(set) var state: State
  private let reducer: (inout State, Action) -> Effect<Action>

  /// The dependencies the reducer runs with; `nil` when they are the process defaults.
  var dependencies: DependencyValues? 

  let cancellations = CancellationRegistry()

  private var buffer: [(action: Action, tasks: EffectTaskSet?)] = []
  private var isSending = false
  private var drainTasks: EffectTaskSet?
  private var observers: [ObserverToken: @MainActor (State) -> Void] = [:]
  private var nextObserver = 0

  init(initialState: State, reducer: @escaping (inout State, Action) -> Effect<Action>, dependencies: DependencyValues?) {
    self.state = initialState
    self.reducer = reducer
    self.dependencies = dependencies
  }

  func send(_ action: Action) -> EffectTaskSet? {
    send(action, tasks: nil)
  }

  /// Reduces `action`; effects it starts join `tasks`, or a new set for a send from outside.
  @discardableResult
  func send(_ action: Action, tasks: EffectTaskSet?) -> EffectTaskSet? {
    buffer.append((action, tasks))
    guard !isSending else { return nil }
    isSending = true
    drainTasks = nil
    var index = 0
    while index < buffer.count {
      let (action, tasks) = buffer[index]
      index += 1
      let effect = reduce(action)
      if !effect.isNone {
        start(effect, context: EffectContext(tasks: tasks, ids: [], fence: nil, collectors: []))
      }
    }
    buffer.removeAll(keepingCapacity: true)
    isSending = false
    let started = drainTasks
    drainTasks = nil
    for observer in observers.values { observer(state) }
    return started
  }

  private func reduce(_ action: Action) -> Effect<Action> {
    guard let dependencies else { return reducer(&state, action) }
    return DependencyValues.$_current.withValue(dependencies) { reducer(&state, action) }
  }

  func addObserver(_ observer: @escaping @MainActor (State) -> Void) -> ObserverToken {
    nextObserver += 1
    let token = ObserverToken(rawValue: nextObserver)
    observers[token] = observer
    return token
  }

  func removeObserver(_ token: ObserverToken) {
    observers[token] = nil
  }

  // MARK: - Interpreting effects

  /// Where a started effect belongs: the send it serves, its cancel ids, its enclosing fence, and
  /// any `tracked`/`concatenate` waiting for the tasks it spawns.
  private struct EffectContext {
    var tasks: EffectTaskSet?
    var ids: [EffectCancelID]
    var fence: EffectFence?
    var collectors: [EntryCollector]
  }

  private func start(_ effect: Effect<Action>, context: EffectContext) {
    switch effect.operation {
    case .none:
      return
    case let .send(action):
      guard context.fence?.isCancelled != true else { return }
      send(action, tasks: context.tasks)
    case let .run(run):
      spawn(context: context) { fence, tasks in
        guard !fence.isCancelled else { return }
        let send = self.sender(fence: fence, tasks: tasks)
        await DependencyValues.$_current.withValue(run.dependencies) {
          await run.operation(send)
        }
      }
    case let .merge(effects):
      for effect in effects { start(effect, context: context) }
    case let .concatenate(effects):
      spawn(context: context) { fence, tasks in
        for effect in effects {
          guard !fence.isCancelled, !Task.isCancelled else { return }
          let collector = EntryCollector()
          var step = context
          step.tasks = tasks
          step.fence = fence
          step.collectors = [collector]
          self.start(effect, context: step)
          for entry in collector.entries { await entry.task.value }
        }
      }
    case let .cancellable(id, cancelInFlight, effect):
      if cancelInFlight { cancellations.cancel(id: id) }
      var inner = context
      inner.ids.append(id)
      start(effect, context: inner)
    case let .cancel(id):
      cancellations.cancel(id: id)
    case let .tracked(effect, onComplete):
      let collector = EntryCollector()
      var inner = context
      inner.collectors.append(collector)
      start(effect, context: inner)
      guard !collector.entries.isEmpty else { return onComplete() }
      Task {
        for entry in collector.entries { await entry.task.value }
        onComplete()
      }
    }
  }

  /// Starts `body` as a task registered under the context's cancel ids before it can run.
  private func spawn(
    context: EffectContext,
    body: @escaping @MainActor (EffectFence, EffectTaskSet) async -> Void
  ) {
    let fence = EffectFence(parent: context.fence)
    let tasks = context.tasks ?? resolveDrainTasks()
    let handle = EntryHandle()
    let task = Task { @MainActor [weak self] in
      await body(fence, tasks)
      fence.isCompleted = true
      guard let entry = handle.entry else { return }
      tasks.remove(entry)
      self?.cancellations.unregister(entry)
    }
    let entry = CancellationRegistry.Entry(task: task, fence: fence, ids: context.ids)
    handle.entry = entry
    tasks.insert(entry)
    if !context.ids.isEmpty { cancellations.register(entry) }
    for collector in context.collectors { collector.entries.append(entry) }
  }

  private func resolveDrainTasks() -> EffectTaskSet {
    if let drainTasks { return drainTasks }
    let tasks = EffectTaskSet()
    drainTasks = tasks
    return tasks
  }

  private func sender(fence: EffectFence, tasks: EffectTaskSet) -> Send<Action> {
    Send { [weak self] action in
      guard !fence.isCancelled else { return }
      if fence.isCompleted {
        reportIssue(
          """
          An action was sent from a completed effect: \(action). Avoid escaping "send" from an \
          effect's operation; use an AsyncStream to feed it instead.
          """
        )
        return
      }
      self?.send(action, tasks: tasks)
    }
  }
}

/// Gathers the entries a `tracked` or `concatenate` step spawns, so it can wait for them.
@MainActor
private final class EntryCollector {
  var entries: [CancellationRegistry.Entry] = []
}

/// Lets a task find its own registry entry, which only exists once the task is created.
@MainActor
private final class EntryHandle {
  var entry: CancellationRegistry.Entry?
}
