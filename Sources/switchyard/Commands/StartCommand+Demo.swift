import Foundation
import SwitchyardCLI
import SwitchyardDemo
import SwitchyardInspector
import SwitchyardRuntime
import SwitchyardUpstream

extension StartCommand {
  /// `switchyard start --demo`: the upstream service in this process on a free port, and a
  /// coordinator running the demo application over search, websocket and pagination pools, with
  /// one session that connects its feed and loads its first page.
  ///
  /// Runs until SIGINT or SIGTERM; `pools` replaces ``DemoApplication/pools`` when not empty.
  @MainActor
  static func runDemo(runDirectory: String, pools: [PoolConfiguration], grace: Duration, http: InspectorConfiguration?) async throws -> Int32 {
    let upstream = try UpstreamService.start()
    let demo = DemoApplication(upstream: UpstreamEndpoints(httpBaseURL: upstream.baseURL, feedURL: upstream.feedURL))
    let pools = pools.isEmpty ? DemoApplication.pools : pools
    let coordinator = Coordinator(
      configuration: CoordinatorConfiguration(runDirectory: runDirectory, pools: pools, shutdownGrace: grace, version: version),
      initialState: demo.initialState,
      reducer: AppFeature()
    )
    let inspector = try http.map { try Inspector.start(coordinator, configuration: $0) }
    do {
      try coordinator.start()
    } catch {
      await upstream.stop()
      throw error
    }
    for action in demo.startActions {
      coordinator.store.send(action)
    }
    let sizes = pools.map { "\($0.kind)=\($0.size)" }.joined(separator: ",")
    StandardStream.error.write("""
      switchyard: demo coordinator \(getpid()) serving \(coordinator.socketPath ?? "") with pools \(sizes); \
      upstream at \(upstream.baseURL); session "\(DemoApplication.firstSessionID)" is open. Ctrl-C stops it.
      switchyard: try: switchyard send '{"sessions":{"element":{"id":"1","action":{"search":{"searchQueryChanged":"copper"}}}}}'

      """)
    await coordinator.runUntilTerminated()
    await inspector?.stop()
    await upstream.stop()
    return 0
  }
}
