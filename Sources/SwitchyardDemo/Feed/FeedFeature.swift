import ComposableArchitecture
import SwitchyardRuntime
import SwitchyardWorkers

/// A session's live feed: the seeds' WebSocket listener, run by the `websocket` worker.
///
/// Connecting starts a ``FeedJob`` that lives until ``Action/disconnectWebSocket`` cancels it; the
/// worker reconnects on its own when the socket drops, and reports each drop and reconnection.
/// Connecting while listening starts a fresh listener in place of the old one. A stopping
/// coordinator suspends the listener, and the next one resumes it: the state says it listens, but
/// no listener outlives its coordinator.
public struct FeedFeature: Reducer {
  /// The connection and the latest messages.
  public struct State: Codable, Equatable, Sendable {
    /// How many messages ``messages`` keeps.
    public static let messageLimit = 100

    /// The session listening.
    public var sessionID: String
    /// The feed's `ws://` address.
    public var url: String
    /// Whether a listener is running (asked for and not yet stopped).
    public var isListening = false
    /// Whether the listener's socket is open right now.
    public var isConnected = false
    /// The last ``messageLimit`` messages, oldest first.
    public var messages: [String] = []
    /// Why the socket last dropped or the listener failed.
    public var lastDisconnectReason: String?

    /// Creates a disconnected feed for `sessionID` at `url`.
    public init(sessionID: String, url: String) {
      self.sessionID = sessionID
      self.url = url
    }
  }

  /// What happens to the feed.
  public enum Action: Codable, Equatable, Sendable {
    /// The user asked to listen to the feed.
    case connectWebSocket
    /// The user asked to stop listening.
    case disconnectWebSocket
    /// The socket opened.
    case webSocketConnected
    /// A message arrived.
    case webSocketMessageReceived(String)
    /// The socket dropped; the worker reconnects unless the feed is disconnected.
    case webSocketDisconnected(reason: String)
    /// The listener stopped for good; the reason says why.
    case webSocketFailed(JobFailure)
    /// The coordinator is stopping: ends the listener, the feed still listening, for ``resume``.
    case suspend
    /// The coordinator started: starts the listener again if the feed is listening.
    case resume
  }

  private enum CancelID: Hashable, Sendable {
    case webSocket
  }

  /// Creates the feature.
  public init() {}

  /// Starts and stops the listener and keeps the latest messages.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .connectWebSocket:
      state.isListening = true
      return listen(state)

    case .disconnectWebSocket:
      state.isListening = false
      state.isConnected = false
      return .cancel(id: CancelID.webSocket)

    case .webSocketConnected:
      state.isConnected = true
      state.lastDisconnectReason = nil
      return .none

    case let .webSocketMessageReceived(message):
      state.messages.append(message)
      if state.messages.count > State.messageLimit {
        state.messages.removeFirst(state.messages.count - State.messageLimit)
      }
      return .none

    case let .webSocketDisconnected(reason):
      state.isConnected = false
      state.lastDisconnectReason = reason
      return .none

    case let .webSocketFailed(failure):
      state.isListening = false
      state.isConnected = false
      state.lastDisconnectReason = failure.description
      return .none

    case .suspend:
      state.isConnected = false
      return .cancel(id: CancelID.webSocket)

    case .resume:
      guard state.isListening else { return .none }
      return listen(state)
    }
  }

  /// Starts a listener, replacing any running.
  private func listen(_ state: State) -> Effect<Action> {
    .remote(FeedJob(sessionID: state.sessionID, url: state.url)) { event in
      switch event {
      case .output(.connected): .webSocketConnected
      case let .output(.messageReceived(message)): .webSocketMessageReceived(message)
      case let .output(.disconnected(reason)): .webSocketDisconnected(reason: reason)
      case .finished:
        // A listener runs until cancelled, and nothing is heard after a cancel: ending is a fault.
        .webSocketFailed(JobFailure(code: .handlerError, message: "The feed's listener ended without being asked to."))
      case let .failed(failure): .webSocketFailed(failure)
      }
    }
    .cancellable(id: CancelID.webSocket, cancelInFlight: true)
  }
}

extension FeedFeature.Action: CasePathable {
  /// The case paths of ``FeedFeature/Action``: `\.webSocketMessageReceived`.
  public struct AllCasePaths: Sendable {
    /// The ``FeedFeature/Action/connectWebSocket`` case.
    public var connectWebSocket: AnyCasePath<FeedFeature.Action, Void> { /FeedFeature.Action.connectWebSocket }
    /// The ``FeedFeature/Action/disconnectWebSocket`` case.
    public var disconnectWebSocket: AnyCasePath<FeedFeature.Action, Void> { /FeedFeature.Action.disconnectWebSocket }
    /// The ``FeedFeature/Action/webSocketConnected`` case.
    public var webSocketConnected: AnyCasePath<FeedFeature.Action, Void> { /FeedFeature.Action.webSocketConnected }
    /// The ``FeedFeature/Action/webSocketMessageReceived(_:)`` case.
    public var webSocketMessageReceived: AnyCasePath<FeedFeature.Action, String> {
      /FeedFeature.Action.webSocketMessageReceived
    }
    /// The ``FeedFeature/Action/webSocketDisconnected(reason:)`` case.
    public var webSocketDisconnected: AnyCasePath<FeedFeature.Action, String> { /FeedFeature.Action.webSocketDisconnected }
    /// The ``FeedFeature/Action/webSocketFailed(_:)`` case.
    public var webSocketFailed: AnyCasePath<FeedFeature.Action, JobFailure> { /FeedFeature.Action.webSocketFailed }
    /// The ``FeedFeature/Action/suspend`` case.
    public var suspend: AnyCasePath<FeedFeature.Action, Void> { /FeedFeature.Action.suspend }
    /// The ``FeedFeature/Action/resume`` case.
    public var resume: AnyCasePath<FeedFeature.Action, Void> { /FeedFeature.Action.resume }
  }

  /// The case paths of ``FeedFeature/Action``.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
