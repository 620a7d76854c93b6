/// An ``Application`` with its feature's type erased, on the main actor where its coordinator
/// runs, so `start` can hold it in a sendable closure.
@MainActor
final class AnyApplication {
  let pools: [PoolConfiguration]
  let handlers: [any JobHandler]
  let sendExamples: [String]
  private let run: @MainActor (StartOptions) async throws -> Int32

  init<Feature>(_ application: Application<Feature>) {
    pools = application.pools
    handlers = application.handlers
    sendExamples = application.sendExamples
    run = { options in try await application.runCoordinator(options) }
  }

  /// Runs the application's coordinator until SIGINT or SIGTERM.
  func runCoordinator(_ options: StartOptions) async throws -> Int32 {
    try await run(options)
  }
}
