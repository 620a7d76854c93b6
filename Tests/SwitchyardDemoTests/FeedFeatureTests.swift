import ComposableArchitecture
import SwitchyardDemo
import SwitchyardRuntime
import Testing

@MainActor
@Suite struct FeedFeatureTests {
  @Test func messagesArriveUntilTheFeedIsDisconnected() async {
    let (messages, continuation) = AsyncStream.makeStream(of: String.self)
    let executor = InProcessJobExecutor(FeedTestHandler(messages: messages))
    let store = TestStore(initialState: FeedFeature.State(sessionID: "1", url: "ws://127.0.0.1:1/feed")) {
      FeedFeature()
    } withDependencies: {
      $0.jobExecutor = executor
    }

    // The handler reads its messages on the cooperative pool, which every suite of a full run
    // shares on two cores: a second to receive is not always enough there.
    store.timeout = .seconds(30)
    await store.send(.connectWebSocket) { $0.isListening = true }
    await store.receive(.webSocketConnected) { $0.isConnected = true }
    continuation.yield("hello")
    await store.receive(.webSocketMessageReceived("hello")) { $0.messages = ["hello"] }
    continuation.yield("world")
    await store.receive(.webSocketMessageReceived("world")) { $0.messages = ["hello", "world"] }

    await store.send(.disconnectWebSocket) {
      $0.isListening = false
      $0.isConnected = false
    }
    await store.finish()
    #expect(executor.counters == ["feedsCancelled": 1])
  }

  /// A coordinator restarted from its journal recovers `isListening` but no listener; its start
  /// actions connect again, and that must start one.
  @Test func connectingAStateRecoveredAsListeningStartsAListener() async {
    let (messages, continuation) = AsyncStream.makeStream(of: String.self)
    var recovered = FeedFeature.State(sessionID: "1", url: "ws://127.0.0.1:1/feed")
    recovered.isListening = true
    recovered.isConnected = true
    let executor = InProcessJobExecutor(FeedTestHandler(messages: messages))
    let store = TestStore(initialState: recovered) {
      FeedFeature()
    } withDependencies: {
      $0.jobExecutor = executor
    }

    // The handler reads its messages on the cooperative pool, which every suite of a full run
    // shares on two cores: a second to receive is not always enough there.
    store.timeout = .seconds(30)
    await store.send(.connectWebSocket)
    await store.receive(.webSocketConnected)
    continuation.yield("after the restart")
    await store.receive(.webSocketMessageReceived("after the restart")) { $0.messages = ["after the restart"] }
    await store.send(.disconnectWebSocket) {
      $0.isListening = false
      $0.isConnected = false
    }
    await store.finish()
  }

  @Test func aDroppedSocketIsRecordedAndReconnectionClearsIt() async {
    let store = TestStore(initialState: FeedFeature.State(sessionID: "1", url: "ws://127.0.0.1:1/feed")) {
      FeedFeature()
    }

    await store.send(.webSocketConnected) { $0.isConnected = true }
    await store.send(.webSocketDisconnected(reason: "The upstream closed the connection.")) {
      $0.isConnected = false
      $0.lastDisconnectReason = "The upstream closed the connection."
    }
    await store.send(.webSocketConnected) {
      $0.isConnected = true
      $0.lastDisconnectReason = nil
    }
  }

  @Test func aListenerThatEndsOnItsOwnIsAFailure() async {
    let (messages, continuation) = AsyncStream.makeStream(of: String.self)
    continuation.finish()
    let store = TestStore(initialState: FeedFeature.State(sessionID: "1", url: "ws://127.0.0.1:1/feed")) {
      FeedFeature()
    } withDependencies: {
      $0.jobExecutor = InProcessJobExecutor(FeedTestHandler(messages: messages))
    }

    await store.send(.connectWebSocket) { $0.isListening = true }
    await store.receive(.webSocketConnected) { $0.isConnected = true }
    await store.receive(\.webSocketFailed) {
      $0.isListening = false
      $0.isConnected = false
      $0.lastDisconnectReason = "handlerError: The feed's listener ended without being asked to."
    }
  }

  @Test func theFeedKeepsTheLastHundredMessages() async {
    let store = TestStore(initialState: FeedFeature.State(sessionID: "1", url: "ws://127.0.0.1:1/feed")) {
      FeedFeature()
    }
    store.exhaustivity = .off
    for index in 0..<105 {
      await store.send(.webSocketMessageReceived("\(index)"))
    }
    #expect(store.state.messages == (5..<105).map(String.init))
  }
}
