extension Store {
  /// Sends an action as ``send(_:)`` does, with `metadata` for a root ``MetadataReducer``: where
  /// the action came from, say, which travels with it even when it waits behind other actions.
  /// Any other reducer never sees it.
  @discardableResult
  package func send(_ action: Action, metadata: (any Sendable)?) -> StoreTask {
    StoreTask(tasks: core.send(action, metadata: metadata))
  }
}
