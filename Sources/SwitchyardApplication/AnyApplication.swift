/// An ``Application`` with its feature's type erased, on the main actor where its coordinator
/// runs, so `start` can hold it in a sendable closure.
@MainActor
final class AnyApplication {
  let pools: [PoolConfiguration]
  let handlers: [any JobHandler]
  let sendExamples: [String]
  /// How `history` replays the data directories this application writes.
  let history: HistoryReplay
  private let run: @MainActor (StartOptions) async throws -> Int32

  init<Feature>(_ application: Application<Feature>) {
    pools = application.pools
    handlers = application.handlers
    sendExamples = application.sendExamples
    let reducer = MainActorBox(application.reducer)
    history = HistoryReplay(
      application: application.name, reducer: { reducer.value }, version: application.dataVersion,
      migrations: application.migrations
    )
    run = { options in try await application.runCoordinator(options) }
  }

  /// Runs the application's coordinator until SIGINT or SIGTERM.
  func runCoordinator(_ options: StartOptions) async throws -> Int32 {
    try await run(options)
  }
}

/// Holds a value that is not `Sendable` on the main actor, so a main-actor closure can carry it.
@MainActor
final class MainActorBox<Value> {
  let value: Value

  init(_ value: Value) {
    self.value = value
  }
}
