import Foundation
import SwitchyardRedisTransport
import SwitchyardInspector

extension Application {
  /// Runs this application's coordinator as `start` does, until SIGINT or SIGTERM: claims the run
  /// directory, spawns the pools from this same executable, sends ``startActions``, and returns the
  /// exit status once it has shut down.
  ///
  /// A ``StartMode`` that runs another application calls this on it.
  @MainActor
  public func runCoordinator(_ options: StartOptions) async throws -> Int32 {
    let pools = options.pools.isEmpty ? self.pools : options.pools
    var configuration = CoordinatorConfiguration(
      runDirectory: options.runDirectory,
      pools: pools,
      shutdownGrace: options.shutdownGrace,
      version: version
    )
    if let broker = options.broker {
      let transport = try RedisTransport(
        configuration: broker.redis, coordinator: broker.coordinator ?? name, kinds: broker.kinds, log: configuration.log
      )
      for kind in broker.kinds { configuration.transports[kind] = transport }
    }
    let coordinator = Coordinator(
      configuration: configuration,
      initialState: initialState,
      reducer: reducer
    )
    // Signals first: the parent's exit arrives as SIGTERM and must shut down in order.
    coordinator.handleTerminationSignals()
    if let parent = options.parent { try ParentExit.terminateWith(parent) }
    // Before the coordinator: a taken inspector port fails the start with nothing to undo.
    let inspector = try options.http.map { try Inspector.start(coordinator, configuration: $0) }
    try coordinator.start()
    for action in startActions {
      coordinator.store.send(action)
    }
    let sizes = pools.map { "\($0.kind)=\($0.size)" }.joined(separator: ",")
    let message = startMessage.isEmpty ? "" : startMessage.hasSuffix("\n") ? startMessage : startMessage + "\n"
    StandardStream.error.write(
      "\(name): coordinator \(getpid()) serving \(coordinator.socketPath ?? "") with pools \(sizes); Ctrl-C stops it.\n\(message)"
    )
    await coordinator.runUntilTerminated()
    await inspector?.stop()
    return 0
  }
}
