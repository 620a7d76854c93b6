import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif
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
/// Concurrency design: one thread accepts, within ``Configuration/limits`` (at the cap a client
/// that has sent no request yet makes room; past them a client is answered 503 by that thread and
/// closed, costing no thread), and each connection gets a thread
/// of its own doing blocking reads and writes, with deadlines from `poll`. A route's async handler runs
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
    /// The IP address to listen on (IPv6 without brackets); loopback unless a caller that
    /// authenticates its clients names another, since the server itself has no TLS and no
    /// authentication.
    public var host = "127.0.0.1"
    /// The largest request head (request line and headers) in bytes; larger gets 431 (or 414).
    public var maxHeaderBytes = 16_384
    /// The most header fields in a request; more gets 431.
    public var maxHeaderCount = 100
    /// The largest request body in bytes; larger gets 413 without the body being read.
    public var maxBodyBytes = 1 << 20
    /// How long a keep-alive connection may sit idle between requests before it is closed.
    public var idleTimeout: Duration = .seconds(30)
    /// How long a new connection has to send its first request head; a client silent for longer
    /// is closed (answered 408 if it sent part of one), so silent connections cannot hold slots.
    public var requestHeadTimeout: Duration = .seconds(5)
    /// How long a client has to send a whole request once it starts; slower gets 408.
    public var requestTimeout: Duration = .seconds(10)
    /// How long ``HTTPServer/stop()`` lets responses and close handshakes finish before it cuts
    /// the remaining connections.
    public var stopGracePeriod: Duration = .seconds(5)
    /// Connections served at once and descriptors left to the rest of the process. At the cap a
    /// new client closes the oldest connection that has not sent a request yet and takes its
    /// place; with none, or past the descriptors, it is answered `503 Service Unavailable` with
    /// `Retry-After: 1` and closed.
    public var limits = ListenerLimits()
    /// A port bound beforehand, which the server serves on a duplicate of its socket instead of
    /// binding ``host`` and ``port``: it stays open when the server stops, for the next one.
    public var listeningPort: ListeningPort?

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
  /// A pipe ``stop()`` writes to, waking the accept thread: the listening socket may be a shared
  /// port's (``Configuration/listeningPort``), which shutting it down would close for every server.
  private let wakeup: (read: Int32, write: Int32)
  private let admission: ConnectionAdmission
  /// Entered by the accept thread and every connection thread; ``stop()`` waits for it to empty.
  private let threads = DispatchGroup()
  private let state = Mutex(State())

  private struct State {
    var isStopping = false
    var connections: [Int: TrackedConnection] = [:]
    /// Connections that have not sent a whole request yet, the first to go at the cap; IDs grow,
    /// so the lowest is the oldest.
    var silent: Set<Int> = []
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
    let wakeup: (read: Int32, write: Int32)
    do throws(SocketError) {
      if let shared = configuration.listeningPort {
        (listener, port) = (try shared.duplicate(), shared.port)
      } else {
        listener = try Socket.listen(host: configuration.host, port: configuration.port)
        port = try listener.localPort()
      }
      // Non-blocking, so that accepting into the spare descriptor never waits (see ConnectionAdmission).
      try listener.setBlocking(false)
      guard let pipe = makePipe(flags: O_CLOEXEC | O_NONBLOCK) else { throw SocketError.lastError("pipe2") }
      wakeup = pipe
    } catch {
      throw .cannotListen(port: configuration.port, reason: error.description)
    }
    let server = HTTPServer(listener: listener, wakeup: wakeup, port: port, configuration: configuration, handler: handler)
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

  private init(
    listener: Socket, wakeup: (read: Int32, write: Int32), port: UInt16, configuration: Configuration,
    handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
  ) {
    self.listener = listener
    self.wakeup = wakeup
    self.admission = ConnectionAdmission(limits: configuration.limits)
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
    var byte: UInt8 = 1
    _ = write(wakeup.write, &byte, 1)
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
      admission.close()
      threads.leave()
    }
    while !isStopping {
      switch admission.accept(from: listener.descriptor, nonBlocking: false, makeRoom: closeOldestSilentConnection, refuse: Self.refuse) {
      case .admitted(let descriptor):
        guard serve(Socket.accepted(descriptor)) else { return }
      case .refused:
        continue
      case .empty:
        guard waitForClientOrStop() else { return }
      case .exhausted:
        // Out of descriptors: leave the backlog alone for a moment instead of spinning on it.
        usleep(UInt32(ConnectionAdmission.pause / .microseconds(1)))
      case .failed:
        return
      }
    }
  }

  /// Serves `socket` on a thread of its own; `false` once the server is stopping.
  private func serve(_ socket: Socket) -> Bool {
    let id: Int? = state.withLock { state in
      guard !state.isStopping else { return nil }
      state.nextID += 1
      state.connections[state.nextID] = .http(socket)
      state.silent.insert(state.nextID)
      threads.enter()
      return state.nextID
    }
    guard let id else {
      socket.close()
      admission.release()
      return false
    }
    let thread = Thread { [self] in
      HTTPServerConnection(id: id, socket: socket, server: self).run()
      state.withLock { state in
        state.connections[id] = nil
        state.silent.remove(id)
      }
      admission.release()
      threads.leave()
    }
    thread.name = "SwitchyardNet.HTTPServer.connection"
    thread.start()
    return true
  }

  // The pipe outlives every call of stop(), each of which writes to it.
  deinit {
    Glibc.close(wakeup.read)
    Glibc.close(wakeup.write)
  }

  /// Blocks until a client is waiting to be accepted or ``stop()`` wrote to the wake-up pipe;
  /// returns whether to accept.
  private func waitForClientOrStop() -> Bool {
    var entries = [pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeup.read, events: Int16(POLLIN), revents: 0)]
    while true {
      let result = poll(&entries, 2, -1)
      if result > 0 { return entries[1].revents == 0 }
      if result < 0, errno != EINTR { return false }
    }
  }

  /// A connection sent its first whole request: it no longer makes room for new clients.
  func receivedRequest(on id: Int) {
    _ = state.withLock { $0.silent.remove(id) }
  }

  /// Makes room at the cap by closing the oldest connection that has sent no request; returns
  /// whether there was one. Its thread sees the end of stream, closes and releases the slot.
  private func closeOldestSilentConnection() -> Bool {
    let oldest: Socket? = state.withLock { state in
      guard let id = state.silent.min(), case .http(let socket) = state.connections[id] else { return nil }
      state.silent.remove(id)
      return socket
    }
    oldest?.shutdown(.both)
    return oldest != nil
  }

  /// Answers a client past the limits from the accepting thread, without waiting on it: a 503
  /// that fits any socket buffer, then what the client already sent (up to 64 KiB) is read so
  /// that closing does not reset the connection before the response is read.
  private static func refuse(_ descriptor: Int32, _ refusal: ListenerRefusal) {
    let response = unavailable(refusal)
    _ = response.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
    _ = Glibc.shutdown(descriptor, Int32(SHUT_WR))
    var discard = [UInt8](repeating: 0, count: 16_384)
    var discarded = 0
    while discarded < 65_536 {
      let count = recv(descriptor, &discard, discard.count, Int32(MSG_DONTWAIT))
      guard count > 0 else { break }
      discarded += count
    }
  }

  private static func unavailable(_ refusal: ListenerRefusal) -> [UInt8] {
    let detail =
      switch refusal {
      case .tooManyConnections(let limit): "the server already serves \(limit) connections; try again shortly"
      case .noDescriptors: "the server is short of file descriptors; try again shortly"
      }
    var response = HTTPResponse.status(503, detail: detail)
    response.headers["Retry-After"] = "1"
    return response.serialized(keepAlive: false, includeBody: true)
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
