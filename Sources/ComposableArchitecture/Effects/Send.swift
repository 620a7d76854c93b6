/// Sends actions from an effect back into the store.
///
/// Call it like a function, `await send(.response(value))`. Once the effect is cancelled, sent actions
/// are dropped, so a cancelled effect never reaches the reducer.
@MainActor
public struct Send<Action>: Sendable {
  let send: @MainActor @Sendable (Action) -> Void

  /// Creates a `Send` that forwards each action to `send`; useful to drive effects in isolation.
  public init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
  }

  /// Sends `action` into the store, unless the calling task has been cancelled.
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    send(action)
  }

  /// Sends an action into the store after transforming it.
  func map<Parent>(_ transform: @escaping @Sendable (Parent) -> Action) -> Send<Parent> {
    Send<Parent> { self.send(transform($0)) }
  }
}
