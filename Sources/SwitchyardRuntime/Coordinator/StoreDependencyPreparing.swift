import ComposableArchitecture

/// A root reducer that sets dependencies of the store it runs in once, when the coordinator makes
/// the store: the store installs its dependencies once per batch of actions, where setting them
/// around each reduction cost every action a task-local push.
package protocol StoreDependencyPreparing {
  /// Changes the store's dependencies, the coordinator's job executor among them.
  func prepare(_ dependencies: inout DependencyValues)
}
