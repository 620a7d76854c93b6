extension Effect {
  /// This effect with `dismiss` in force in every async operation it runs, sending `action` through
  /// the operation's own `send`.
  ///
  /// Going through the operation's `send` is what routes the dismissal to the right parent, lifted
  /// through every scope above it, and drops it if the effect was already cancelled. Applied by each
  /// presenting reducer to its child's effects, the innermost one wins, so a feature always dismisses
  /// itself and not a presenter further up.
  func dismissing(with action: @escaping @Sendable () -> Action) -> Self {
    switch operation {
    case .none, .send, .cancel:
      return self
    case let .run(run):
      let operation = run.operation
      return Self(
        operation: .run(
          Run(
            priority: run.priority,
            dependencies: run.dependencies,
            operation: { send in
              var dependencies = DependencyValues._current
              dependencies.dismiss = DismissEffect { send(action()) }
              await DependencyValues.$_current.withValue(dependencies) { await operation(send) }
            }
          )
        )
      )
    case let .merge(effects):
      return Self(operation: .merge(effects.map { $0.dismissing(with: action) }))
    case let .concatenate(effects):
      return Self(operation: .concatenate(effects.map { $0.dismissing(with: action) }))
    case let .cancellable(id, cancelInFlight, effect):
      return Self(operation: .cancellable(id: id, cancelInFlight: cancelInFlight, effect.dismissing(with: action)))
    case let .tracked(effect, onComplete):
      return Self(operation: .tracked(effect.dismissing(with: action), onComplete: onComplete))
    case let .handled(handled):
      let start = handled.start
      return Self(
        operation: .handled(
          Handled(
            // The dismissal reads the dependencies in force here, in the presented feature's
            // reducer, so the start runs with them.
            dependencies: handled.dependencies ?? DependencyValues._current,
            start: { handle in
              var dependencies = DependencyValues._current
              dependencies.dismiss = DismissEffect { handle.send(action()) }
              DependencyValues.$_current.withValue(dependencies) { start(handle) }
            },
            replay: handled.replay
          )
        )
      )
    }
  }
}
