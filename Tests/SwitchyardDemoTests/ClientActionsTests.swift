import ComposableArchitecture
import SwitchyardDemo
import SwitchyardRuntime
import SwitchyardTestSupport
import SwitchyardWorkers
import Testing

/// The demo takes from clients only what users cause (issue 32, item 2): a forged worker answer is
/// refused before the reducer, and the coordinator lives on.
@Suite(.serialized)
struct ClientActionsTests {
  @Test func usersOpenCloseTypeConnectAndPageButNeverAnswerForAWorker() {
    let user: [SessionFeature.Action] = [
      .search(.searchQueryChanged("copper")), .feed(.connectWebSocket), .feed(.disconnectWebSocket),
      .catalog(.loadNextPage), .catalog(.refresh),
    ]
    let worker: [SessionFeature.Action] = [
      .search(.searchFailed(JobFailure(code: "x", message: "x"))),
      .feed(.webSocketConnected), .feed(.webSocketMessageReceived("m")), .feed(.webSocketDisconnected(reason: "r")),
      .catalog(.pageLoaded(CatalogPage(items: [], page: .max, hasMore: false))),
      .catalog(.pageLoadFailed(JobFailure(code: "x", message: "x"))),
    ]
    #expect(ClientActions.demo.accepts(.sessionOpened(id: "1")))
    #expect(ClientActions.demo.accepts(.sessionClosed(id: "1")))
    for action in user { #expect(ClientActions.demo.accepts(.sessions(.element(id: "1", action: action))), "\(action)") }
    for action in worker { #expect(!ClientActions.demo.accepts(.sessions(.element(id: "1", action: action))), "\(action)") }
  }

  @Test func theSendThatKilledTheCoordinatorIsRefusedAndItServesOn() async throws {
    let demo = try DemoProcess()
    defer { demo.cleanUp() }
    let client = try await demo.connect()
    let forged = #"{"sessions":{"element":{"id":"1","action":{"catalog":{"pageLoaded":{"_0":{"page":9223372036854775807,"items":[],"hasMore":false}}}}}}}"#
    let sent = try await runToExit(["send", forged, "--run-dir", demo.runDirectory])
    #expect(sent.status != 0)
    #expect(sent.errorOutput.contains("does not take 'sessions.id=1.catalog.pageLoaded' from clients"), "\(sent.errorOutput)")
    // Still serving: the next client's action is reduced.
    try demo.send(#"{"sessions":{"element":{"id":"1","action":{"search":{"searchQueryChanged":"copper"}}}}}"#, through: client)
    _ = try await demo.state("the query to land", through: client) { $0.sessions[id: "1"]?.search.query == "copper" }
    #expect(await demo.terminate() == 0)
  }
}
