// Ported from TCA's Examples/CaseStudies/SwiftUICaseStudies/03-Effects-WebSocket.swift
// (see Todos.swift for the commit and the edits).
import ComposableArchitecture
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

enum WebSocketExample {
  struct WebSocket: Reducer {
    struct State: Equatable {
      @PresentationState var alert: AlertState<Action.Alert>?
      var connectivityState = ConnectivityState.disconnected
      var messageToSend = ""
      var receivedMessages: [String] = []

      enum ConnectivityState: String {
        case connected
        case connecting
        case disconnected
      }
    }

    enum Action {
      case alert(PresentationAction<Alert>)
      case connectButtonTapped
      case messageToSendChanged(String)
      case receivedSocketMessage(Result<WebSocketClient.Message, any Error>)
      case sendButtonTapped
      case sendResponse(didSucceed: Bool)
      case webSocket(WebSocketClient.Action)

      enum Alert: Equatable {}
    }

    @Dependency(\.continuousClock) var clock
    @Dependency(\.webSocket) var webSocket

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .alert:
          return .none

        case .connectButtonTapped:
          switch state.connectivityState {
          case .connected, .connecting:
            state.connectivityState = .disconnected
            return .cancel(id: WebSocketClient.ID())

          case .disconnected:
            state.connectivityState = .connecting
            return .run { send in
              let actions = await self.webSocket.open(
                id: WebSocketClient.ID(),
                url: URL(string: "wss://echo.websocket.events")!,
                protocols: []
              )
              await withThrowingTaskGroup(of: Void.self) { group in
                for await action in actions {
                  // NB: Can't call `await send` here outside of `group.addTask` due to task local
                  //     dependency mutation in `Effect.{task,run}`. Can maybe remove that explicit task
                  //     local mutation (and this `addTask`?) in a world with
                  //     `Effect(operation: .run { ... })`?
                  group.addTask { await send(.webSocket(action)) }
                  switch action {
                  case .didOpen:
                    group.addTask {
                      while !Task.isCancelled {
                        try await self.clock.sleep(for: .seconds(10))
                        try? await self.webSocket.sendPing(id: WebSocketClient.ID())
                      }
                    }
                    group.addTask {
                      for await result in try await self.webSocket.receive(id: WebSocketClient.ID()) {
                        await send(.receivedSocketMessage(result))
                      }
                    }
                  case .didClose:
                    return
                  }
                }
              }
            }
            .cancellable(id: WebSocketClient.ID())
          }

        case .messageToSendChanged(let message):
          state.messageToSend = message
          return .none

        case .receivedSocketMessage(.success(let message)):
          if case .string(let string) = message {
            state.receivedMessages.append(string)
          }
          return .none

        case .receivedSocketMessage(.failure):
          return .none

        case .sendButtonTapped:
          let messageToSend = state.messageToSend
          state.messageToSend = ""
          return .run { send in
            try await self.webSocket.send(id: WebSocketClient.ID(), message: .string(messageToSend))
            await send(.sendResponse(didSucceed: true))
          } catch: { _, send in
            await send(.sendResponse(didSucceed: false))
          }
          .cancellable(id: WebSocketClient.ID())

        case .sendResponse(didSucceed: false):
          state.alert = AlertState {
            TextState("Could not send socket message. Connect to the server first, and try again.")
          }
          return .none

        case .sendResponse(didSucceed: true):
          return .none

        case .webSocket(.didClose):
          state.connectivityState = .disconnected
          return .cancel(id: WebSocketClient.ID())

        case .webSocket(.didOpen):
          state.connectivityState = .connected
          state.receivedMessages.removeAll()
          return .none
        }
      }
      .ifLet(\.$alert, action: \.alert)
    }
  }

  struct WebSocketClient {
    struct ID: Hashable, @unchecked Sendable {
      let rawValue: AnyHashable

      init<RawValue: Hashable & Sendable>(_ rawValue: RawValue) {
        self.rawValue = rawValue
      }

      init() {
        struct RawValue: Hashable, Sendable {}
        self.rawValue = RawValue()
      }
    }

    enum Action {
      case didOpen(protocol: String?)
      case didClose(code: URLSessionWebSocketTask.CloseCode, reason: Data?)
    }

    enum Message: Equatable {
      struct Unknown: Error {}

      case data(Data)
      case string(String)

      init(_ message: URLSessionWebSocketTask.Message) throws {
        switch message {
        case .data(let data): self = .data(data)
        case .string(let string): self = .string(string)
        @unknown default: throw Unknown()
        }
      }
    }

    // `@DependencyClient` written out: endpoints without a default report an issue and throw when
    // called, as the macro's do.
    var open: @Sendable (_ id: ID, _ url: URL, _ protocols: [String]) async -> AsyncStream<Action> = {
      _, _, _ in .finished
    }
    var receive: @Sendable (_ id: ID) async throws -> AsyncStream<Result<Message, any Error>> = { _ in
      try Self.unimplemented("receive")
    }
    var send: @Sendable (_ id: ID, _ message: URLSessionWebSocketTask.Message) async throws -> Void = {
      _, _ in try Self.unimplemented("send")
    }
    var sendPing: @Sendable (_ id: ID) async throws -> Void = { _ in try Self.unimplemented("sendPing") }

    func open(id: ID, url: URL, protocols: [String]) async -> AsyncStream<Action> {
      await self.open(id, url, protocols)
    }
    func receive(id: ID) async throws -> AsyncStream<Result<Message, any Error>> {
      try await self.receive(id)
    }
    func send(id: ID, message: URLSessionWebSocketTask.Message) async throws {
      try await self.send(id, message)
    }
    func sendPing(id: ID) async throws {
      try await self.sendPing(id)
    }

    private struct Unimplemented: Error {}

    private static func unimplemented<T>(_ endpoint: String) throws -> T {
      reportIssue("Unimplemented: 'WebSocketClient.\(endpoint)'")
      throw Unimplemented()
    }
  }
}

extension WebSocketExample.WebSocketClient: DependencyKey {
  // TCA's live value wraps `URLSessionWebSocketTask` (which FoundationNetworking has on Linux too,
  // so the client's interface is unchanged) in a global actor that talks to a public echo server.
  // It is left out: no test may reach that server, and the case study's tests use a test client.
  // The live value here is the unimplemented client.
  static let liveValue = Self()

  static let testValue = Self()
}

extension DependencyValues {
  var webSocket: WebSocketExample.WebSocketClient {
    get { self[WebSocketExample.WebSocketClient.self] }
    set { self[WebSocketExample.WebSocketClient.self] = newValue }
  }
}

extension WebSocketExample.WebSocket.Action: CasePathable {
  struct AllCasePaths {
    typealias Root = WebSocketExample.WebSocket.Action
    var alert: AnyCasePath<Root, PresentationAction<Root.Alert>> { /Root.alert }
    var connectButtonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .connectButtonTapped }) {
        guard case .connectButtonTapped = $0 else { return nil }
        return ()
      }
    }
    var messageToSendChanged: AnyCasePath<Root, String> { /Root.messageToSendChanged }
    var receivedSocketMessage: AnyCasePath<Root, Result<WebSocketExample.WebSocketClient.Message, any Error>> {
      /Root.receivedSocketMessage
    }
    var sendButtonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .sendButtonTapped }) {
        guard case .sendButtonTapped = $0 else { return nil }
        return ()
      }
    }
    var sendResponse: AnyCasePath<Root, Bool> { /Root.sendResponse }
    var webSocket: AnyCasePath<Root, WebSocketExample.WebSocketClient.Action> { /Root.webSocket }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension WebSocketExample.WebSocketClient.Action: CasePathable {
  struct AllCasePaths {
    typealias Root = WebSocketExample.WebSocketClient.Action
    var didOpen: AnyCasePath<Root, String?> { /Root.didOpen }
    var didClose: AnyCasePath<Root, (code: URLSessionWebSocketTask.CloseCode, reason: Data?)> {
      /Root.didClose
    }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension WebSocketExample.WebSocketClient.Message: CasePathable {
  struct AllCasePaths {
    typealias Root = WebSocketExample.WebSocketClient.Message
    var data: AnyCasePath<Root, Data> { /Root.data }
    var string: AnyCasePath<Root, String> { /Root.string }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}
