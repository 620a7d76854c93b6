import Foundation
import Synchronization

/// Opens WebSocket connections (RFC 6455) to servers, over plain TCP: `ws://` URLs only.
///
/// `wss://` (WebSocket over TLS) is not supported and fails with
/// ``WebSocketError/unsupportedScheme(_:)``: the toolchain offers no TLS that works without a
/// package dependency, and Switchyard's peers run on the same machine. This client exists because
/// `URLSessionWebSocketTask` does not work on Linux (its libcurl lacks WebSocket support).
///
/// ```swift
/// let ws = try await WebSocketClient.connect(to: URL(string: "ws://127.0.0.1:8080/feed")!)
/// try await ws.send(.text("hello"))
/// for try await message in ws.messages { print(message) }
/// await ws.close()
/// ```
public enum WebSocketClient {
  /// Connects to `url` and completes the opening handshake.
  ///
  /// - Parameters:
  ///   - url: `ws://host[:port]/path[?query]`; the port defaults to 80.
  ///   - timeout: the limit for the TCP connection and the handshake together.
  ///   - maxMessageSize: the largest message accepted from the server, in bytes; a larger one
  ///     fails the connection with ``WebSocketError/messageTooLarge(limit:)``.
  ///   - headers: extra request headers, e.g. `Authorization` or `Sec-WebSocket-Protocol`.
  /// - Returns: an open connection whose ``WebSocketConnection/messages`` are already being read.
  /// - Throws: a ``WebSocketError`` saying what failed, or `CancellationError`.
  public static func connect(
    to url: URL,
    timeout: Duration = .seconds(10),
    maxMessageSize: Int = WebSocketConnection.defaultMaxMessageSize,
    headers: HTTPHeaders = [:]
  ) async throws -> WebSocketConnection {
    let endpoint = try endpoint(url)
    let attempt = Attempt()
    let connection = try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<WebSocketConnection, Error>) in
        // Connecting blocks, so it runs on a thread of its own, not on a cooperative one.
        let thread = Thread {
          continuation.resume(with: Result {
            try open(endpoint, timeout: timeout, maxMessageSize: maxMessageSize, headers: headers, attempt: attempt)
          })
        }
        thread.name = "SwitchyardNet.WebSocket.connect"
        thread.start()
      }
    } onCancel: {
      attempt.cancel()
    }
    connection.startReading()
    return connection
  }

  /// Connects and shakes hands, blocking the calling thread.
  private static func open(
    _ endpoint: HTTPEndpoint, timeout: Duration, maxMessageSize: Int, headers: HTTPHeaders, attempt: Attempt
  ) throws -> WebSocketConnection {
    let deadline = ContinuousClock.now + timeout
    let socket: Socket
    do {
      socket = try Socket.connect(host: endpoint.host, port: endpoint.port, deadline: deadline)
    } catch .timedOut {
      throw WebSocketError.timedOut(timeout)
    } catch .hostNotFound(let host, let reason) {
      throw WebSocketError.hostNotFound(host: host, reason: reason)
    } catch {
      throw WebSocketError.connectionFailed(host: endpoint.host, port: Int(endpoint.port), reason: error.description)
    }
    try attempt.adopt(socket)
    defer { attempt.release() }
    do {
      let key = WebSocketHandshake.randomKey()
      try socket.write(WebSocketHandshake.request(to: endpoint, key: key, headers: headers))
      let (head, rest) = try readHead(from: socket, deadline: deadline)
      let offered = headers.values(for: "Sec-WebSocket-Protocol").flatMap { $0.split(separator: ",").map { $0.trimmingWhitespace() } }
      try WebSocketHandshake.validate(response: head, key: key, offeredProtocols: offered)
      try attempt.checkNotCancelled()
      return WebSocketConnection(socket: socket, role: .client, maxMessageSize: maxMessageSize, initialBytes: rest)
    } catch {
      socket.close()
      try attempt.checkNotCancelled()
      switch error {
      case SocketError.timedOut: throw WebSocketError.timedOut(timeout)
      case let error as SocketError: throw WebSocketError.invalidHandshake("the connection failed during the handshake: \(error)")
      default: throw error
      }
    }
  }

  /// Reads the server's answer up to its empty line; returns it and any bytes after it.
  private static func readHead(from socket: Socket, deadline: ContinuousClock.Instant) throws -> (HTTPHead, [UInt8]) {
    let limit = 16_384
    var received: [UInt8] = []
    while true {
      let bytes = try socket.read(upTo: 4096, deadline: deadline)
      guard !bytes.isEmpty else {
        throw WebSocketError.invalidHandshake("the server closed the connection before answering the upgrade")
      }
      let searchFrom = max(0, received.count - 2)
      received += bytes
      if let end = HTTPHead.endIndex(in: received, from: searchFrom) {
        do {
          return (try HTTPHead.parse(received[..<end], maxHeaderCount: 100), Array(received[end...]))
        } catch {
          throw WebSocketError.invalidHandshake(error.description)
        }
      }
      guard received.count <= limit else {
        throw WebSocketError.invalidHandshake("the answer's head is larger than \(limit) bytes")
      }
    }
  }

  /// Where a `ws://` URL points, or the WebSocket error that says why it points nowhere.
  private static func endpoint(_ url: URL) throws(WebSocketError) -> HTTPEndpoint {
    do {
      return try HTTPEndpoint(url, scheme: "ws")
    } catch {
      switch error {
      case let .unsupportedScheme(scheme): throw .unsupportedScheme(scheme)
      default: throw .invalidURL(url.absoluteString)
      }
    }
  }

  /// Lets a cancelled `connect` stop the thread that is connecting, by shutting its socket.
  private final class Attempt: Sendable {
    private let state = Mutex<(isCancelled: Bool, socket: Socket?)>((false, nil))

    func cancel() {
      state.withLock { state in
        state.isCancelled = true
        state.socket?.shutdown(.both)
      }
    }

    /// Records the connected socket so that a later cancellation can wake it.
    func adopt(_ socket: Socket) throws {
      try state.withLock { state in
        guard !state.isCancelled else {
          socket.close()
          throw CancellationError()
        }
        state.socket = socket
      }
    }

    /// Forgets the socket: from now on the connection owns it.
    func release() {
      state.withLock { $0.socket = nil }
    }

    func checkNotCancelled() throws {
      if state.withLock({ $0.isCancelled }) {
        throw CancellationError()
      }
    }
  }
}
