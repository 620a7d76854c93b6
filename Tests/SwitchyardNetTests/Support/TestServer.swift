import Foundation
@testable import SwitchyardNet

/// Runs `body` against a fresh server on a free port and always stops the server afterwards.
func withServer<Value: Sendable>(
  configuration: HTTPServer.Configuration = .init(),
  routes: (inout HTTPRouter) -> Void,
  _ body: (HTTPServer) async throws -> Value
) async throws -> Value {
  var router = HTTPRouter()
  routes(&router)
  let server = try HTTPServer.start(configuration: configuration, router: router)
  do {
    let value = try await body(server)
    await server.stop()
    return value
  } catch {
    await server.stop()
    throw error
  }
}

extension HTTPServer {
  /// `ws://127.0.0.1:port/path`.
  func webSocketURL(_ path: String) -> URL {
    URL(string: "ws://127.0.0.1:\(port)\(path)")!
  }

  /// `http://127.0.0.1:port/path`.
  func httpURL(_ path: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)")!
  }
}

/// What the server side of a test WebSocket saw, in order.
enum ServerEvent: Equatable, Sendable {
  case message(WebSocketMessage)
  /// The stream finished normally; the peer's close status, if one arrived.
  case closed(WebSocketCloseStatus?)
  case failed(WebSocketError)
}

extension HTTPRouter {
  /// A WebSocket route that echoes every message and reports what it saw to `events`.
  mutating func addEcho(_ path: String, maxMessageSize: Int = WebSocketConnection.defaultMaxMessageSize, events: AsyncStream<ServerEvent>.Continuation? = nil) {
    add(.get, path) { _ in
      .webSocket(maxMessageSize: maxMessageSize) { connection in
        await connection.report(to: events) { message in try await connection.send(message) }
      }
    }
  }
}

extension WebSocketConnection {
  /// Reads every message, passing each to `onMessage`, and reports the whole story to `events`.
  func report(to events: AsyncStream<ServerEvent>.Continuation?, onMessage: (WebSocketMessage) async throws -> Void = { _ in }) async {
    do {
      for try await message in messages {
        events?.yield(.message(message))
        try await onMessage(message)
      }
      events?.yield(.closed(closeStatus))
    } catch let error as WebSocketError {
      events?.yield(.failed(error))
    } catch {
      events?.yield(.failed(.connectionLost("\(error)")))
    }
  }
}
