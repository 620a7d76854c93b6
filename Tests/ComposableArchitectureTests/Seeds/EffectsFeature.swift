// Ported from the seeds (003, "Side Effects"): debounced search, a websocket listener, polling.
import ComposableArchitecture
import Foundation

struct SearchResult: Equatable, Sendable {
  var title: String
}

struct SearchClient: Sendable {
  var search: @Sendable (String) async throws -> [SearchResult]
  var fetchLatest: @Sendable () async throws -> [SearchResult]
}

extension SearchClient: TestDependencyKey {
  static let testValue = SearchClient(
    search: { query in [SearchResult(title: "Result for \(query)")] },
    fetchLatest: { [SearchResult(title: "Latest")] }
  )
}

struct WebSocketClient: Sendable {
  var messages: @Sendable () -> AsyncStream<String>
}

extension WebSocketClient: TestDependencyKey {
  static let testValue = WebSocketClient(messages: { AsyncStream { $0.finish() } })
}

extension DependencyValues {
  var searchClient: SearchClient {
    get { self[SearchClient.self] }
    set { self[SearchClient.self] = newValue }
  }

  var webSocketClient: WebSocketClient {
    get { self[WebSocketClient.self] }
    set { self[WebSocketClient.self] = newValue }
  }
}

struct EffectsFeature: Reducer {
  struct State: Equatable {
    var searchQuery = ""
    var searchResults: [SearchResult] = []
    var isSearching = false
    var webSocketMessages: [String] = []
    var isConnected = false
  }

  enum Action {
    case searchQueryChanged(String)
    case searchResponse(Result<[SearchResult], Error>)
    case connectWebSocket
    case disconnectWebSocket
    case webSocketConnected
    case webSocketMessageReceived(String)
    case webSocketDisconnected
    case startPolling
    case stopPolling
    case pollTick
  }

  @Dependency(\.searchClient) var searchClient
  @Dependency(\.webSocketClient) var webSocketClient
  @Dependency(\.continuousClock) var clock

  private enum CancelID {
    case search
    case webSocket
    case polling
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .searchQueryChanged(query):
        state.searchQuery = query
        guard !query.isEmpty else {
          state.isSearching = false
          state.searchResults = []
          return .cancel(id: CancelID.search)
        }
        state.isSearching = true
        // The seed's `.cancellable(id:)` lacked `cancelInFlight`, without which nothing is debounced.
        return .run { send in
          try await clock.sleep(for: .milliseconds(300))
          let results = try await searchClient.search(query)
          await send(.searchResponse(.success(results)))
        } catch: { error, send in
          await send(.searchResponse(.failure(error)))
        }
        .cancellable(id: CancelID.search, cancelInFlight: true)

      case let .searchResponse(.success(results)):
        state.searchResults = results
        state.isSearching = false
        return .none

      case .searchResponse(.failure):
        state.isSearching = false
        return .none

      case .connectWebSocket:
        state.isConnected = true
        return .run { send in
          await send(.webSocketConnected)
          for await message in webSocketClient.messages() {
            await send(.webSocketMessageReceived(message))
          }
          await send(.webSocketDisconnected)
        }
        .cancellable(id: CancelID.webSocket)

      case .disconnectWebSocket:
        state.isConnected = false
        return .cancel(id: CancelID.webSocket)

      case .webSocketConnected:
        state.isConnected = true
        return .none

      case let .webSocketMessageReceived(message):
        state.webSocketMessages.append(message)
        if state.webSocketMessages.count > 100 {
          state.webSocketMessages.removeFirst()
        }
        return .none

      case .webSocketDisconnected:
        state.isConnected = false
        return .none

      case .startPolling:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(5)) {
            await send(.pollTick)
          }
        }
        .cancellable(id: CancelID.polling)

      case .stopPolling:
        return .cancel(id: CancelID.polling)

      case .pollTick:
        return .run { send in
          let results = try await searchClient.fetchLatest()
          await send(.searchResponse(.success(results)))
        }
      }
    }
  }
}

extension EffectsFeature.Action: CasePathable {
  struct AllCasePaths {
    var searchResponse: AnyCasePath<EffectsFeature.Action, Result<[SearchResult], Error>> {
      /EffectsFeature.Action.searchResponse
    }
    // `Action` is not `Equatable`, so payload-less cases are matched by hand.
    var webSocketConnected: AnyCasePath<EffectsFeature.Action, Void> {
      AnyCasePath(embed: { .webSocketConnected }, extract: { if case .webSocketConnected = $0 { () } else { nil } })
    }
    var webSocketMessageReceived: AnyCasePath<EffectsFeature.Action, String> {
      /EffectsFeature.Action.webSocketMessageReceived
    }
    var webSocketDisconnected: AnyCasePath<EffectsFeature.Action, Void> {
      AnyCasePath(embed: { .webSocketDisconnected }, extract: { if case .webSocketDisconnected = $0 { () } else { nil } })
    }
    var pollTick: AnyCasePath<EffectsFeature.Action, Void> {
      AnyCasePath(embed: { .pollTick }, extract: { if case .pollTick = $0 { () } else { nil } })
    }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}
