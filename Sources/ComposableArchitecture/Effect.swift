/// Work a reducer asks the store to do after changing state: send actions now, run async work,
/// or cancel work already running.
///
/// An effect is a description, not a running task: the ``Store`` interprets it. That is what lets
/// cancellation be exact — a `.cancellable` effect is registered the moment the store starts it, so a
/// `.cancel(id:)` processed later always finds it, even before its task has begun (TCA #1848), and
/// inside `.concatenate` (TCA #3563).
public struct Effect<Action> {
  @usableFromInline
  indirect enum Operation {
    case none
    case send(Action)
    case run(Run)
    case merge([Effect])
    case concatenate([Effect])
    case cancellable(id: EffectCancelID, cancelInFlight: Bool, Effect)
    case cancel(id: EffectCancelID)
    case tracked(Effect, onComplete: @MainActor @Sendable () -> Void)
    case handled(Handled)
  }

  /// A start closure driving an ``EffectHandle``, and the dependencies it starts with, if any.
  @usableFromInline
  struct Handled {
    /// `nil` for a start that reads no dependencies: a remote effect captures what it needs when
    /// the reducer returns it, so starting one neither copies nor installs the reducer's values.
    let dependencies: DependencyValues?
    let start: @MainActor @Sendable (EffectHandle<Action>) -> Void
    /// Gives a replay a sink for the actions the effect's journaled events become (see
    /// ``replayHandled(sendingTo:)``); only effects made while a journal is replayed have one.
    var replay: (@Sendable (_ sink: @escaping @Sendable (Action) -> Void) -> Void)? = nil
  }

  /// An async operation with the dependencies that were in force when the reducer returned it.
  @usableFromInline
  struct Run {
    let priority: TaskPriority?
    let dependencies: DependencyValues
    let operation: nonisolated(nonsending) @Sendable (Send<Action>) async -> Void
  }

  @usableFromInline
  let operation: Operation

  @usableFromInline
  init(operation: Operation) {
    self.operation = operation
  }
}

// An effect is immutable: its closures are @Sendable and its actions are handed to the store's
// actor exactly once, so sharing it across tasks cannot race.
extension Effect: @unchecked Sendable {}

extension Effect {
  /// An effect that does nothing: what a reducer returns when an action only changes state.
  @inlinable
  public static var none: Self {
    Self(operation: .none)
  }

  /// An effect that feeds `action` back into the store right after the current action.
  ///
  /// The action is processed synchronously, before any state is observed, so prefer calling shared
  /// logic directly; use this to share logic between features.
  public static func send(_ action: Action) -> Self {
    Self(operation: .send(action))
  }

  /// An effect that runs async work and sends actions back with `send`.
  ///
  /// The work runs with the dependencies in force when the reducer returned the effect. Errors other
  /// than cancellation go to `handler`; without one they are reported as an issue.
  ///
  /// The operation starts on the store's actor, synchronously, and stays there until it awaits
  /// something that runs elsewhere — so a sleep on a `TestClock` is registered before `send`
  /// returns, which is what makes tests deterministic. Mark heavy synchronous work `@concurrent`.
  public static func run(
    priority: TaskPriority? = nil,
    operation: nonisolated(nonsending) @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (nonisolated(nonsending) @Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    let location = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return Self(
      operation: .run(
        Run(
          priority: priority,
          dependencies: DependencyValues._current,
          operation: { send in
            do {
              try await operation(send)
            } catch is CancellationError {
              return
            } catch {
              guard let handler else {
                if Task.isCancelled { return }
                reportIssue(
                  """
                  An "Effect.run" returned from "\(location.fileID):\(location.line)" threw an unhandled error.

                  \(customDump(error).indenting(by: 4))

                  All non-cancellation errors must be explicitly handled via the "catch" parameter \
                  on "Effect.run", or via a "do" block.
                  """,
                  location: location
                )
                return
              }
              await handler(error, send)
            }
          }
        )
      )
    )
  }

  /// An effect without a task: `start` runs on the store's actor once the effect starts, and the
  /// effect lasts until it calls ``EffectHandle/end()``.
  ///
  /// For work that reports back on the main actor anyway, such as remote jobs: it saves the task
  /// and the main actor turn a `.run` needs to resume after its last event. `start` runs outside
  /// the reducer's dependencies: capture what it needs when the effect is made.
  @usableFromInline
  package static func handled(_ start: @escaping @MainActor @Sendable (EffectHandle<Action>) -> Void) -> Self {
    Self(operation: .handled(Handled(dependencies: nil, start: start)))
  }

  /// A handled effect made while a journal is replayed: `replay` learns, from the sink it is
  /// given, what the effect's events become once this effect's maps are applied.
  package static func handled(
    replay: @escaping @Sendable (_ sink: @escaping @Sendable (Action) -> Void) -> Void,
    start: @escaping @MainActor @Sendable (EffectHandle<Action>) -> Void
  ) -> Self {
    Self(operation: .handled(Handled(dependencies: nil, start: start, replay: replay)))
  }

  /// Runs all `effects` at the same time.
  @inlinable
  public static func merge(_ effects: Self...) -> Self {
    merge(effects)
  }

  /// Runs all `effects` at the same time.
  @inlinable
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    let effects = effects.filter { if case .none = $0.operation { false } else { true } }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return Self(operation: .merge(effects))
    }
  }

  /// Runs `effects` one after another: each starts when the previous one has finished.
  public static func concatenate(_ effects: Self...) -> Self {
    concatenate(effects)
  }

  /// Runs `effects` one after another: each starts when the previous one has finished.
  public static func concatenate(_ effects: some Collection<Self>) -> Self {
    let effects = effects.filter { if case .none = $0.operation { false } else { true } }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return Self(operation: .concatenate(effects))
    }
  }

  /// Runs this effect and `other` at the same time.
  @inlinable
  public func merge(with other: Self) -> Self {
    // Most actions start no effect; merging two of those must not allocate.
    if isNone { return other }
    if other.isNone { return self }
    return .merge(self, other)
  }

  /// Runs `other` after this effect finishes.
  public func concatenate(with other: Self) -> Self {
    .concatenate(self, other)
  }

  /// Calls `onComplete` on the store's actor once every effect this one starts has ended or been
  /// cancelled.
  ///
  /// `TestStore` uses it to know which effects are still in flight; a cancelled one is not, though
  /// its task may still be unwinding, since nothing it does can reach the reducer any more.
  func tracked(onComplete: @escaping @MainActor @Sendable () -> Void) -> Self {
    Self(operation: .tracked(self, onComplete: onComplete))
  }

  /// Whether this effect is ``none``, which lets reducers skip work for it.
  @usableFromInline
  var isNone: Bool {
    if case .none = operation { return true }
    return false
  }

  /// Whether this effect does all it does at once, starting no task: sends and cancels only.
  ///
  /// The steps of a `.concatenate` that are run at once, as TCA's publishers do: its leading sends
  /// are delivered inside the send that returned it.
  var isImmediate: Bool {
    switch operation {
    case .none, .send, .cancel: true
    case .run, .handled: false
    case let .merge(effects), let .concatenate(effects): effects.allSatisfy(\.isImmediate)
    case let .cancellable(_, _, effect), let .tracked(effect, _): effect.isImmediate
    }
  }
}
