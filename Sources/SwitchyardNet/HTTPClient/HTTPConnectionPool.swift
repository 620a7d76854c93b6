import Synchronization

/// Kept-alive connections waiting for their next request, a few per host and port.
///
/// A connection is taken out for one request at a time and put back only after a complete
/// answer that lets it be reused, so no two requests ever share one. The oldest idle connection
/// is closed when a host already has its maximum, and any idle longer than `idleTimeout` is
/// closed rather than reused: servers close idle connections themselves, usually after 5–60 s.
final class HTTPConnectionPool: Sendable {
  private struct Idle {
    var socket: Socket
    var since: ContinuousClock.Instant
  }

  private let maxIdlePerHost: Int
  private let idleTimeout: Duration
  private let idle = Mutex<[String: [Idle]]>([:])

  init(maxIdlePerHost: Int, idleTimeout: Duration) {
    self.maxIdlePerHost = maxIdlePerHost
    self.idleTimeout = idleTimeout
  }

  deinit {
    closeIdle()
  }

  /// The most recently used idle connection to `key` that still looks open, if any.
  func take(_ key: String) -> Socket? {
    let now = ContinuousClock.now
    var expired: [Socket] = []
    defer {
      for socket in expired {
        socket.close()
      }
    }
    return idle.withLock { idle in
      while let connection = idle[key]?.popLast() {
        // Readable while idle means the server closed it (or sent bytes nobody asked for).
        if now - connection.since < idleTimeout, !connection.socket.hasPendingInput() {
          return connection.socket
        }
        expired.append(connection.socket)
      }
      return nil
    }
  }

  /// Keeps `socket` for a later request to `key`.
  func put(_ socket: Socket, for key: String) {
    guard maxIdlePerHost > 0 else { return socket.close() }
    let evicted: Socket? = idle.withLock { idle in
      idle[key, default: []].append(Idle(socket: socket, since: .now))
      return idle[key]!.count > maxIdlePerHost ? idle[key]!.removeFirst().socket : nil
    }
    evicted?.close()
  }

  /// Closes every idle connection, so that their servers see them end now.
  func closeIdle() {
    for connection in idle.withLock({ idle in defer { idle = [:] }; return idle.values.joined() }) {
      connection.socket.close()
    }
  }

  /// How many connections are idle, across hosts.
  var idleCount: Int {
    idle.withLock { $0.values.reduce(0) { $0 + $1.count } }
  }
}
