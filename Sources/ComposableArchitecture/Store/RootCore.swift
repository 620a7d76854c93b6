/// Owns a store's state and runs its reducer and effects, on the main actor.
///
/// Actions sent while an action is being reduced — by a `.send` effect or re-entrantly — are
/// buffered and reduced in order after it, and observers see state only after the buffer drains,
/// exactly as in TCA.
@MainActor
final class RootCore<State, Action>: StoreCore {
  private(set) var state: State
  private let reducer: (inout State, Action, (any Sendable)?) -> Effect<Action>

  /// Called before each action is reduced, and after it with the state it left, before its effects start.
  var willReduce: (@MainActor () -> Void)?
  var didReduce: (@MainActor (Action, State) -> Void)?

  /// The dependencies the reducer runs with; `nil` when they are the process defaults.
  var dependencies: DependencyValues?
  /// Whether ``dependencies`` are in force already, for the whole of a ``withDependencies(_:)``:
  /// each reduction then skips installing them.
  private var hasDependenciesInstalled = false

  let cancellations = CancellationRegistry()

  /// Where effects run the work they await off the main actor, when not where Swift would put it:
  /// a ``TestStore`` sets the main serial executor so that work interleaves the same way every run.
  var effectExecutor: (any TaskExecutor)?

  private var buffer: [(action: Action, metadata: (any Sendable)?, tasks: EffectTaskSet?, fence: EffectFence?)] = []
  private var isSending = false
  /// Whether `buffer` holds actions: checked on every send instead of the generic array itself.
  private var hasBuffered = false
  private var drainTasks: EffectTaskSet?
  /// Effects registered while interpreting a reducer's result, started once all of it is read.
  ///
  /// This and the two below are `@exclusivity(unchecked)`: touched for every effect, never across
  /// a call (the starts run from a local list), so dynamic exclusivity checks would buy nothing.
  @exclusivity(unchecked) private var pendingStarts: [() -> Void] = []
  /// An empty buffer for ``pendingStarts`` while the starts it held run.
  @exclusivity(unchecked) private var spareStarts: [() -> Void] = []
  @exclusivity(unchecked) private var interpretDepth = 0
  private var observers: [ObserverToken: @MainActor (State) -> Void] = [:]
  private var nextObserver = 0
  private var hasObservers = false
  /// This store, for effects' closures to reach without keeping it alive: one reference made
  /// once, rather than a `[weak self]` in each closure, which here costs an allocation apiece.
  private lazy var weakSelf = WeakReference(self)

  init(
    initialState: State,
    reducer: @escaping (inout State, Action, _ metadata: (any Sendable)?) -> Effect<Action>,
    dependencies: DependencyValues?
  ) {
    self.state = initialState
    self.reducer = reducer
    self.dependencies = dependencies
  }

  func send(_ action: Action, metadata: (any Sendable)?) -> EffectTaskSet? {
    send(action, metadata: metadata, tasks: nil)
  }

  /// Reduces `action`, handing the reducer `metadata` with it; effects it starts join `tasks`, or
  /// a new set for a send from outside.
  ///
  /// An action sent by an effect carries the effect's `fence`: if the effect is cancelled while the
  /// action waits in the buffer, it is dropped, so a processed cancel always wins. A buffered
  /// action keeps its metadata: it is reduced with it, whenever that is.
  @discardableResult
  func send(_ action: Action, metadata: (any Sendable)? = nil, tasks: EffectTaskSet?, fence: EffectFence? = nil) -> EffectTaskSet? {
    guard !isSending else {
      enqueue(action, metadata: metadata, tasks: tasks, fence: fence)
      return nil
    }
    // The action sent from outside is reduced first, without a trip through the buffer.
    return whileSending { process(action, metadata: metadata, tasks: tasks, fence: fence) }
  }

  /// Starts `effect` as if `origin`'s reduction had returned it, outside any send: see
  /// ``Store/resume(_:origin:)``.
  func resume(_ effect: Effect<Action>, origin: Action) -> EffectTaskSet? {
    guard !isSending else {
      start(effect, origin: origin, tasks: nil)
      return nil
    }
    return whileSending { start(effect, origin: origin, tasks: nil) }
  }

  /// Runs `body` as the send in progress, then the actions it buffered, then tells observers once;
  /// returns the effects all of it started.
  ///
  /// This path runs for every action; what touches the buffer or the observers lives in functions
  /// of its own, since in this unspecialised generic code each use of their types looks metadata up.
  @inline(__always)
  private func whileSending(_ body: () -> Void) -> EffectTaskSet? {
    isSending = true
    drainTasks = nil
    body()
    if hasBuffered { drainBuffer() }
    isSending = false
    let started = drainTasks
    drainTasks = nil
    if hasObservers { notifyObservers() }
    return started
  }

  @inline(never)
  private func enqueue(_ action: Action, metadata: (any Sendable)?, tasks: EffectTaskSet?, fence: EffectFence?) {
    buffer.append((action, metadata, tasks, fence))
    hasBuffered = true
  }

  @inline(never)
  private func drainBuffer() {
    var index = 0
    while index < buffer.count {
      let (action, metadata, tasks, fence) = buffer[index]
      index += 1
      process(action, metadata: metadata, tasks: tasks, fence: fence)
    }
    buffer.removeAll(keepingCapacity: true)
    hasBuffered = false
  }

  @inline(never)
  private func notifyObservers() {
    for observer in observers.values { observer(state) }
  }

  private func process(_ action: Action, metadata: (any Sendable)?, tasks: EffectTaskSet?, fence: EffectFence?) {
    if fence?.isCancelled == true { return }
    if let willReduce { willReduce() }
    let effect = reduce(action, metadata: metadata)
    if let didReduce { didReduce(action, state) }
    if !effect.isNone { start(effect, origin: action, tasks: tasks) }
  }

  @inline(never)
  private func start(_ effect: Effect<Action>, origin: Action, tasks: EffectTaskSet?) {
    start(effect, origin: origin, context: EffectContext(tasks: tasks, ids: EffectCancelIDs(), fence: nil, collectors: []))
  }

  /// Runs `body` with this store's dependencies in force, so the actions it sends are reduced
  /// without installing them one by one: for a caller that sends many actions in one turn.
  ///
  /// Nothing in `body` may send to this store from under dependencies of its own.
  func withDependencies(_ body: () -> Void) {
    guard let dependencies, !hasDependenciesInstalled else { return body() }
    hasDependenciesInstalled = true
    defer { hasDependenciesInstalled = false }
    DependencyValues.$_current.withValue(dependencies) { body() }
  }

  private func reduce(_ action: Action, metadata: (any Sendable)?) -> Effect<Action> {
    guard let dependencies, !hasDependenciesInstalled else { return reducer(&state, action, metadata) }
    // A closure returning nothing: `withValue` returning the effect would be generic over it,
    // which costs a metadata lookup on every action.
    var effect = Effect<Action>.none
    DependencyValues.$_current.withValue(dependencies) { effect = reducer(&state, action, metadata) }
    return effect
  }

  func addObserver(_ observer: @escaping @MainActor (State) -> Void) -> ObserverToken {
    nextObserver += 1
    let token = ObserverToken(rawValue: nextObserver)
    observers[token] = observer
    hasObservers = true
    return token
  }

  func removeObserver(_ token: ObserverToken) {
    observers[token] = nil
    hasObservers = !observers.isEmpty
  }

  // MARK: - Interpreting effects

  /// Interprets `effect`, which `origin`'s reduction returned, then starts the tasks it registered.
  ///
  /// Starting only after the whole effect is read means a `.cancel` beside a `.run` in the same
  /// result (`.merge(.run {…}.cancellable(id: x), .cancel(id: x))`) finds it before it runs.
  ///
  /// `origin`, the action named when the effect misbehaves, travels beside the context rather than
  /// in it, so the context is not generic: this code is not specialised, and each use of a generic
  /// context's type looked its metadata up.
  private func start(_ effect: Effect<Action>, origin: Action, context: EffectContext) {
    interpretDepth += 1
    interpret(effect, origin: origin, context: context)
    interpretDepth -= 1
    guard interpretDepth == 0 else { return }
    while !pendingStarts.isEmpty {
      // The starts are taken out, leaving the spare buffer to register into, and the buffer is
      // kept for the next time: starting an effect allocates no list. A start that reenters
      // (an effect's task sending at once) finds the spare taken and starts only its own.
      var starts = spareStarts
      spareStarts = []
      swap(&starts, &pendingStarts)
      for start in starts { start() }
      starts.removeAll(keepingCapacity: true)
      spareStarts = starts
    }
  }

  private func interpret(_ effect: Effect<Action>, origin: Action, context: EffectContext) {
    switch effect.operation {
    case .none:
      return
    case let .send(action):
      guard context.fence?.isCancelled != true else { return }
      send(action, tasks: context.tasks, fence: context.fence)
    case .run:
      spawnRun(effect, origin: origin, context: context)
    case let .handled(handled):
      let (entry, _) = register(context: context, isHandled: true)
      let handle = EffectHandle(send: handledSender, entry: entry)
      pendingStarts.append { [weakSelf] in
        guard weakSelf.object != nil, !entry.fence.isCancelled else { return entry.end() }
        guard let dependencies = handled.dependencies else { return handled.start(handle) }
        DependencyValues.$_current.withValue(dependencies) { handled.start(handle) }
      }
    case let .merge(effects):
      for effect in effects { interpret(effect, origin: origin, context: context) }
    case let .concatenate(effects):
      // Leading steps that start no task run now, as TCA's synchronous publishers do.
      let immediate = effects.prefix { $0.isImmediate }
      for effect in immediate { interpret(effect, origin: origin, context: context) }
      let rest = effects.dropFirst(immediate.count)
      guard !rest.isEmpty else { return }
      spawn(context: context) { fence, tasks in
        for effect in rest {
          guard !fence.isCancelled, !Task.isCancelled else { return }
          let collector = EntryCollector()
          var step = context
          step.tasks = tasks
          step.fence = fence
          step.collectors = [collector]
          self.start(effect, origin: origin, context: step)
          for entry in collector.entries { await entry.finish() }
        }
      }
    case let .cancellable(id, cancelInFlight, effect):
      if cancelInFlight { cancel(id: id) }
      var inner = context
      inner.ids.append(id)
      interpret(effect, origin: origin, context: inner)
    case let .cancel(id):
      cancel(id: id)
    case let .tracked(effect, onComplete):
      let collector = EntryCollector()
      var inner = context
      inner.collectors.append(collector)
      interpret(effect, origin: origin, context: inner)
      guard !collector.entries.isEmpty else { return onComplete() }
      pendingStarts.append {
        var unsettled = collector.entries.count
        for entry in collector.entries {
          entry.whenSettled {
            unsettled -= 1
            if unsettled == 0 { onComplete() }
          }
        }
      }
    }
  }

  /// Starts the task of a `.run` effect.
  ///
  /// Apart from ``interpret(_:origin:context:)``, which would otherwise make room for a `Run` on
  /// every call, looking its generic type's metadata up even for the effects that are no `.run`.
  @inline(never)
  private func spawnRun(_ effect: Effect<Action>, origin: Action, context: EffectContext) {
    guard case let .run(run) = effect.operation else { return }
    spawn(context: context) { fence, tasks in
      guard !fence.isCancelled else { return }
      let send = self.sender(fence: fence, tasks: tasks, origin: origin)
      await DependencyValues.$_current.withValue(run.dependencies) {
        await run.operation(send)
      }
    }
  }

  /// Cancels this store's effects under `id`, and work under it in ``withTaskCancellation(id:cancelInFlight:isolation:operation:)``.
  private func cancel(id: EffectCancelID) {
    cancellations.cancel(id: id)
    TaskCancellationRegistry.shared.cancel(id)
  }

  /// Registers `body` under the context's cancel ids now, and starts it as a task on this actor once
  /// the effect being interpreted has been read.
  ///
  /// The task runs synchronously up to its first suspension, which is what makes effects
  /// deterministic: by the time `send` returns, an effect that sleeps has registered its sleep.
  private func spawn(
    context: EffectContext,
    body: @escaping @MainActor (EffectFence, EffectTaskSet) async -> Void
  ) {
    let (entry, tasks) = register(context: context, isHandled: false)
    let fence = entry.fence
    let running = RunningEffectStore(cancellations: cancellations, fence: fence)
    pendingStarts.append { [weakSelf] in
      entry.task = Task.immediate(executorPreference: weakSelf.object?.effectExecutor) { @MainActor in
        await RunningEffectStore.$current.withValue(running) { await body(fence, tasks) }
        entry.taskDidEnd()
      }
    }
  }

  /// Registers a new effect under the context's send, cancel ids and collectors, before it starts.
  private func register(
    context: EffectContext,
    isHandled: Bool
  ) -> (CancellationRegistry.Entry, EffectTaskSet) {
    let tasks = context.tasks ?? resolveDrainTasks()
    let entry = CancellationRegistry.Entry(
      parent: context.fence,
      ids: context.ids,
      tasks: tasks,
      registry: context.ids.isEmpty ? nil : cancellations,
      isHandled: isHandled
    )
    tasks.insert(entry)
    if !context.ids.isEmpty { cancellations.register(entry) }
    for collector in context.collectors { collector.entries.append(entry) }
    return (entry, tasks)
  }

  private func resolveDrainTasks() -> EffectTaskSet {
    if let drainTasks { return drainTasks }
    let tasks = EffectTaskSet()
    drainTasks = tasks
    return tasks
  }

  /// How every handled effect sends, given its entry, which is its fence and knows its send.
  ///
  /// Shared, unlike a task's ``sender(fence:tasks:origin:)``, so starting a handled effect (a remote
  /// job) costs no closure nor a copy of its originating action; what drives one is runtime code,
  /// and a send after its end is reported without that action.
  private lazy var handledSender: @MainActor (Action, (any Sendable)?, CancellationRegistry.Entry) -> Void = {
    [weakSelf] action, metadata, entry in
    guard !entry.fence.isCancelled else { return }
    if entry.fence.isCompleted {
      reportIssue(
        """
        An action was sent from a completed effect.

          Action:
            \(customDump(action).indenting(by: 4).dropFirst(4))

        The code driving this effect through an 'EffectHandle' sent it after calling 'end()'; \
        call 'end()' only once everything is sent.
        """
      )
      return
    }
    weakSelf.object?.send(action, metadata: metadata, tasks: entry.tasks, fence: entry)
  }

  private func sender(fence: EffectFence, tasks: EffectTaskSet, origin: Action) -> Send<Action> {
    Send { [weakSelf] action in
      guard !fence.isCancelled else { return }
      if fence.isCompleted {
        reportIssue(
          """
          An action was sent from a completed effect.

            Action:
              \(customDump(action).indenting(by: 4).dropFirst(4))

            Effect returned from:
              \(customDump(origin).indenting(by: 4).dropFirst(4))

          Avoid sending actions using the 'send' argument from 'Effect.run' after the effect has \
          completed. This can happen if you escape the 'send' argument in an unstructured context.

          To fix this, make sure that your 'run' closure does not return until you're done calling \
          'send'.
          """
        )
        return
      }
      weakSelf.object?.send(action, tasks: tasks, fence: fence)
    }
  }
}

/// Where a started effect belongs: the send it serves, its cancel ids, its enclosing fence, and
/// any `tracked`/`concatenate` watching the effects it starts.
@MainActor
private struct EffectContext {
  var tasks: EffectTaskSet?
  var ids: EffectCancelIDs
  var fence: EffectFence?
  var collectors: [EntryCollector]
}

/// Gathers the entries a `tracked` or `concatenate` step spawns, so it can wait for them.
@MainActor
private final class EntryCollector {
  var entries: [CancellationRegistry.Entry] = []
}

