import Dispatch
import Foundation
import Synchronization

/// A small HTTP/1.1 server on 127.0.0.1 whose routes are one async closure, with WebSocket
/// upgrades: what a local upstream service or a test double needs, and nothing more.
///
/// ```swift
/// let server = try HTTPServer.start { request in
///   request.path == "/health" ? .text("ok") : .status(404)
/// }
/// print(server.port)
/// await server.stop()
/// ```
///
/// Concurrency design: one thread blocks in `accept`, and each connection gets a thread of its
/// own doing blocking reads and writes, with deadlines from `poll`. A route's async handler runs
/// as a task while the connection thread waits for it. Thread-per-connection keeps every
/// protocol step straight-line code with no state machine, costs one thread per client (fine for
/// the tens to hundreds of local clients this server is for), and never blocks Swift's
/// cooperative threads. Stopping is just `shutdown(2)` on sockets, which wakes any blocked thread.
///
/// It listens on loopback unless told otherwise, by design: it has no TLS and no authentication
/// of its own.
public final class HTTPServer: Sendable {
  /// Limits and timeouts; the defaults suit a local service.
  public struct Configuration: Sendable {
    /// The port on ``host``; 0 picks a free one, reported by ``HTTPServer/port``.
    public var port: UInt16
    /// The IPv4 address to listen on; loopback unless a caller that authenticates its clients
    /// names another, since the server itself has no TLS and no authentication.
    public var host = "127.0.0.1"
    /// The largest request head (request line and headers) in bytes; larger gets 431 (or 414).
    public var maxHeaderBytes = 16_384
    /// The most header fields in a request; more gets 431.
    public var maxHeaderCount = 100
    /// The largest request body in bytes; larger gets 413 without the body being read.
    public var maxBodyBytes = 1 << 20
    /// How long a keep-alive connection may sit idle between requests before it is closed.
    public var idleTimeout: Duration = .seconds(30)
    /// How long a client has to send a whole request once it starts; slower gets 408.
    public var requestTimeout: Duration = .seconds(10)
    /// How long ``HTTPServer/stop()`` lets responses and close handshakes finish before it cuts
    /// the remaining connections.
    public var stopGracePeriod: Duration = .seconds(5)

    /// The defaults, listening on `port`.
    public init(port: UInt16 = 0) {
      self.port = port
    }
  }

  /// The port the server listens on, on ``Configuration/host``.
  public let port: UInt16
  let configuration: Configuration
  let handler: @Sendable (HTTPRequest) async -> HTTPResponse
  private let listener: Socket
  /// Entered by the accept thread and every connection thread; ``stop()`` waits for it to empty.
  private let threads = DispatchGroup()
  private let state = Mutex(State())

  private struct State {
    var isStopping = false
    var connections: [Int: TrackedConnection] = [:]
    var nextID = 0
  }

  /// What ``stop()`` must end: a socket still speaking HTTP, or a WebSocket.
  private enum TrackedConnection {
    case http(Socket)
    case webSocket(WebSocketConnection)
  }

  /// Starts listening and serving; every request goes to `handler`.
  ///
  /// - Throws: ``HTTPServerError/cannotListen(port:reason:)`` if the port cannot be bound.
  public static func start(
    configuration: Configuration = Configuration(),
    handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
  ) throws(HTTPServerError) -> HTTPServer {
    let listener: Socket
    let port: UInt16
    do {
      listener = try Socket.listen(host: configuration.host, port: configuration.port)
      port = try listener.localPort()
    } catch {
      throw .cannotListen(port: configuration.port, reason: error.description)
    }
    let server = HTTPServer(listener: listener, port: port, configuration: configuration, handler: handler)
    server.threads.enter()
    let thread = Thread { server.acceptLoop() }
    thread.name = "SwitchyardNet.HTTPServer.accept"
    thread.start()
    return server
  }

  /// Starts a server whose routes are `router`'s.
  public static func start(configuration: Configuration = Configuration(), router: HTTPRouter) throws(HTTPServerError) -> HTTPServer {
    try start(configuration: configuration) { await router.respond(to: $0) }
  }

  private init(listener: Socket, port: UInt16, configuration: Configuration, handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse) {
    self.listener = listener
    self.port = port
    self.configuration = configuration
    self.handler = handler
  }

  /// Stops accepting, closes every connection and returns once they are closed.
  ///
  /// Requests in progress get their responses (with `Connection: close`); WebSockets get a
  /// close frame with ``WebSocketCloseCode/goingAway``. Whatever has not finished within
  /// ``Configuration/stopGracePeriod`` is cut. Calling it again waits for the same stop.
  public func stop() async {
    let connections = state.withLock { state in
      state.isStopping = true
      return Array(state.connections.values)
    }
    listener.shutdown(.both)
    for connection in connections {
      switch connection {
      case .http(let socket):
        // Ends reading only: an idle connection wakes and closes, a busy one can still answer.
        socket.shutdown(.reading)
      case .webSocket(let webSocket):
        webSocket.startClose(WebSocketCloseStatus(code: .goingAway, reason: "server stopping"))
      }
    }
    guard await !waitForThreads(configuration.stopGracePeriod) else { return }
    for connection in state.withLock({ Array($0.connections.values) }) {
      switch connection {
      case .http(let socket): socket.shutdown(.both)
      case .webSocket(let webSocket): webSocket.socket.shutdown(.both)
      }
    }
    _ = await waitForThreads(.seconds(1))
  }

  /// Whether ``stop()`` has begun; connections finish their response and close.
  var isStopping: Bool {
    state.withLock { $0.isStopping }
  }

  /// Marks a connection as a WebSocket, so that ``stop()`` closes it with a close frame;
  /// returns false if the server is already stopping.
  func track(_ id: Int, as webSocket: WebSocketConnection) -> Bool {
    state.withLock { state in
      state.connections[id] = .webSocket(webSocket)
      return !state.isStopping
    }
  }

  private func acceptLoop() {
    defer {
      listener.close()
      threads.leave()
    }
    while true {
      let socket: Socket
      do {
        socket = try listener.accept()
      } catch .system(_, let code) where code == EMFILE || code == ENFILE {
        // Out of descriptors: back off instead of spinning on a connection we cannot take.
        Thread.sleep(forTimeInterval: 0.1)
        continue
      } catch {
        return
      }
      let id: Int? = state.withLock { state in
        guard !state.isStopping else { return nil }
        state.nextID += 1
        state.connections[state.nextID] = .http(socket)
        threads.enter()
        return state.nextID
      }
      guard let id else {
        socket.close()
        return
      }
      let thread = Thread { [self] in
        HTTPServerConnection(id: id, socket: socket, server: self).run()
        _ = state.withLock { $0.connections.removeValue(forKey: id) }
        threads.leave()
      }
      thread.name = "SwitchyardNet.HTTPServer.connection"
      thread.start()
    }
  }

  /// Waits up to `timeout` for every server thread to end; returns whether they all did.
  private func waitForThreads(_ timeout: Duration) async -> Bool {
    await withCheckedContinuation { continuation in
      // DispatchGroup.wait blocks, so it gets a thread of its own.
      Thread.detachNewThread { [threads] in
        continuation.resume(returning: threads.wait(timeout: .now() + timeout.dispatchInterval) == .success)
      }
    }
  }
}
