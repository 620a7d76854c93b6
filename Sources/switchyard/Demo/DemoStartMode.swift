import Foundation
import SwitchyardApplication
import SwitchyardDemo
import SwitchyardUpstream
import SwitchyardWorkers

/// `switchyard start --demo`: the upstream service in this process on a free port, and a
/// coordinator running the demo application over search, websocket and pagination pools, with
/// one session that connects its feed and loads its first page.
enum DemoStartMode {
  static let mode = StartMode(
    flag: .flag("--demo", help: "Run the demo, which needs no other server (pools search=2,websocket=1,pagination=2)."),
    handlers: [SearchHandler(), FeedHandler(), PageHandler()],
    history: HistoryReplay(application: "switchyard --demo", reducer: { AppFeature() }),
    run: run
  )

  @MainActor
  private static func run(_ options: StartOptions) async throws -> Int32 {
    // Where the recovered sessions expect it, when that port is free; anywhere otherwise.
    let previous = DemoUpstreamPort.previous(options).flatMap { try? UpstreamService.start(UpstreamConfiguration(port: $0)) }
    let upstream = try previous ?? UpstreamService.start()
    DemoUpstreamPort.remember(upstream.port, options)
    let demo = DemoApplication(upstream: UpstreamEndpoints(httpBaseURL: upstream.baseURL, feedURL: upstream.feedURL))
    let application = Application(
      name: "switchyard",
      version: version,
      reducer: AppFeature(),
      initialState: demo.initialState,
      startActions: demo.startActions,
      stopActions: demo.stopActions,
      clientActions: .demo,
      pools: DemoApplication.pools,
      handlers: [],
      startMessage: """
        switchyard: demo upstream at \(upstream.baseURL); session "\(DemoApplication.firstSessionID)" is open.
        switchyard: try: switchyard send '{"sessions":{"element":{"id":"1","action":{"search":{"searchQueryChanged":"copper"}}}}}'

        """
    )
    do {
      let status = try await application.runCoordinator(options)
      await upstream.stop()
      return status
    } catch {
      await upstream.stop()
      throw error
    }
  }
}
