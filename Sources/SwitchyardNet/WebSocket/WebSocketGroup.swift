/// A set of open WebSocket connections that can be sent the same message at once: the clients of
/// a server-side feed.
///
/// ```swift
/// let subscribers = WebSocketGroup()
/// router.add(.get, "/feed") { _ in
///   .webSocket { connection in await subscribers.join(connection) }
/// }
/// await subscribers.broadcast(.text("tick"))
/// ```
public actor WebSocketGroup {
  private var members: [ObjectIdentifier: WebSocketConnection] = [:]

  /// An empty group.
  public init() {}

  /// How many connections are in the group.
  public var count: Int {
    members.count
  }

  /// Adds `connection` until it closes, passing each message it sends to `onMessage`.
  ///
  /// Returns when the connection ends; the group forgets it then. Call it from a
  /// ``HTTPResponse/webSocket(maxMessageSize:buffers:handler:)`` handler, which keeps the connection open
  /// for exactly as long as this runs.
  public func join(_ connection: WebSocketConnection, onMessage: @Sendable (WebSocketMessage) async -> Void = { _ in }) async {
    members[ObjectIdentifier(connection)] = connection
    defer { members[ObjectIdentifier(connection)] = nil }
    do {
      for try await message in connection.messages {
        await onMessage(message)
      }
    } catch {
      // A connection that failed is simply gone from the group; its peer saw the close code.
    }
  }

  /// Sends `message` to every connection concurrently; returns how many it reached.
  ///
  /// Returns once every send has finished or failed, so a peer that stopped reading delays it by
  /// at most the connection's send timeout, after which that connection is dropped.
  @discardableResult
  public func broadcast(_ message: WebSocketMessage) async -> Int {
    let recipients = Array(members.values)
    return await withTaskGroup(of: Bool.self) { group in
      for connection in recipients {
        group.addTask {
          (try? await connection.send(message)) != nil
        }
      }
      return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
    }
  }

  /// Closes every connection with `code` and waits for them to close.
  public func closeAll(code: WebSocketCloseCode = .goingAway) async {
    let recipients = Array(members.values)
    await withTaskGroup(of: Void.self) { group in
      for connection in recipients {
        group.addTask { await connection.close(code: code) }
      }
    }
  }
}
