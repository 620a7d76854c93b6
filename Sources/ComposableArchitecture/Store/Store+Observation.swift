extension Store {
  /// Streams a slice of state: its current value, then each new value after an action changes it.
  ///
  /// Values equal to the previous one are skipped, so observers wake only on real change — the
  /// role of TCA's `ViewStore`. State is observed between actions, never mid-reduction.
  public func observe<Value: Equatable & Sendable>(
    _ keyPath: KeyPath<State, Value>,
    bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<Value> {
    observe({ $0[keyPath: keyPath] }, bufferingPolicy: bufferingPolicy)
  }

  /// Streams a value derived from state, skipping values equal to the previous one.
  public func observe<Value: Equatable & Sendable>(
    _ transform: @escaping (State) -> Value,
    bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: bufferingPolicy)
    var last = transform(core.state)
    continuation.yield(last)
    let token = core.addObserver { state in
      let value = transform(state)
      guard value != last else { return }
      last = value
      continuation.yield(value)
    }
    let core = self.core
    continuation.onTermination = { _ in
      Task { @MainActor in core.removeObserver(token) }
    }
    return stream
  }

  /// A two-way accessor for UI-like adapters: reads from state, writes by sending an action.
  public func binding<Value>(
    get: @escaping (State) -> Value,
    send toAction: @escaping (Value) -> Action
  ) -> StoreBinding<Value> {
    StoreBinding(
      get: { [core] in get(core.state) },
      set: { [core] in _ = core.send(toAction($0), metadata: nil) }
    )
  }
}

/// A value read from a store that is written by sending an action, never by mutation.
@MainActor
public struct StoreBinding<Value> {
  private let get: () -> Value
  private let set: (Value) -> Void

  init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
    self.get = get
    self.set = set
  }

  /// Reading returns the current state; writing sends the action the binding was made with.
  public var wrappedValue: Value {
    get { get() }
    nonmutating set { set(newValue) }
  }
}
