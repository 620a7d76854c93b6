extension Effect {
  /// Transforms every action this effect sends, as ``Scope`` does to lift a child's effects.
  @inlinable
  public func map<T>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
    // Checked here, where it inlines, so the common `.none` never reaches the generic walk below.
    if isNone { return .none }
    return mapOperation(transform)
  }

  @usableFromInline
  func mapOperation<T>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
    switch operation {
    case .none:
      return .none
    case let .send(action):
      return Effect<T>(operation: .send(transform(action)))
    case let .run(run):
      let operation = run.operation
      return Effect<T>(
        operation: .run(
          Effect<T>.Run(
            priority: run.priority,
            dependencies: run.dependencies,
            operation: { send in await operation(send.map(transform)) },
            label: run.label
          )
        )
      )
    case let .merge(effects):
      return Effect<T>(operation: .merge(effects.map { $0.map(transform) }))
    case let .concatenate(effects):
      return Effect<T>(operation: .concatenate(effects.map { $0.map(transform) }))
    case let .cancellable(id, cancelInFlight, effect):
      return Effect<T>(operation: .cancellable(id: id, cancelInFlight: cancelInFlight, effect.map(transform)))
    case let .cancel(id):
      return Effect<T>(operation: .cancel(id: id))
    case let .tracked(effect, onComplete):
      return Effect<T>(operation: .tracked(effect.map(transform), onComplete: onComplete))
    case let .handled(handled):
      let start = handled.start
      var replay: (@Sendable (_ sink: @escaping @Sendable (T) -> Void) -> Void)?
      if let inner = handled.replay {
        replay = { sink in inner { action in sink(transform(action)) } }
      }
      return Effect<T>(
        operation: .handled(
          Effect<T>.Handled(
            dependencies: handled.dependencies, start: { handle in start(handle.map(transform)) }, replay: replay, label: handled.label
          )
        )
      )
    }
  }
}
