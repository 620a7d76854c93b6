/// One client connection of an ``HTTPServer``, served on its own thread: requests in order, each
/// answered before the next is read, until the client leaves, the connection turns into a
/// WebSocket, or something goes wrong.
struct HTTPServerConnection {
  let id: Int
  let socket: Socket
  let server: HTTPServer

  /// Serves the connection to its end and closes the socket. Blocks the calling thread.
  func run() {
    let configuration = server.configuration
    var parser = HTTPRequestParser(limits: .init(
      maxHeaderBytes: configuration.maxHeaderBytes,
      maxHeaderCount: configuration.maxHeaderCount,
      maxBodyBytes: configuration.maxBodyBytes))
    var headDeadline: ContinuousClock.Instant? = .now + configuration.requestHeadTimeout
    while true {
      let request: HTTPRequest
      do {
        guard let next = try readRequest(with: &parser, headDeadline: headDeadline) else {
          socket.close()
          return
        }
        request = next
      } catch {
        refuse(.status(error.status, detail: error.description))
        return
      }
      if headDeadline != nil {
        headDeadline = nil
        server.receivedRequest(on: id)
      }
      let response = BlockingTask.run { [handler = server.handler] in await handler(request) }
      if let upgrade = response.webSocketUpgrade {
        serveWebSocket(request, upgrade, initialBytes: parser.takeBufferedBytes())
        return
      }
      let keepAlive = request.keepsAlive && !response.headers.contains("Connection", token: "close") && !server.isStopping
      do {
        try socket.write(response.serialized(keepAlive: keepAlive, includeBody: request.method != .head))
      } catch {
        socket.close()
        return
      }
      if !keepAlive {
        closeGracefully()
        return
      }
    }
  }

  /// The next request; `nil` when the client closed, went idle too long, sent no whole head by
  /// `headDeadline` (a new connection's), or the server stops.
  ///
  /// - Throws: ``HTTPParseError`` for a request to refuse.
  private func readRequest(with parser: inout HTTPRequestParser, headDeadline: ContinuousClock.Instant?) throws(HTTPParseError) -> HTTPRequest? {
    let configuration = server.configuration
    var requestDeadline: ContinuousClock.Instant?
    while true {
      if let request = try parser.nextRequest() { return request }
      if parser.hasPartialRequest, requestDeadline == nil {
        requestDeadline = .now + configuration.requestTimeout
      }
      var deadline = requestDeadline ?? .now + configuration.idleTimeout
      if let headDeadline, !parser.hasHead {
        deadline = min(deadline, headDeadline)
      }
      let bytes: [UInt8]
      do {
        bytes = try socket.read(upTo: 16_384, deadline: deadline)
      } catch .timedOut where parser.hasPartialRequest {
        let late = parser.hasHead || headDeadline == nil
          ? "the request did not arrive within \(configuration.requestTimeout)"
          : "the request head did not arrive within \(configuration.requestHeadTimeout) of connecting"
        refuse(.status(408, detail: late))
        return nil
      } catch {
        return nil
      }
      guard !bytes.isEmpty else { return nil }
      parser.append(bytes)
    }
  }

  /// Completes the opening handshake and hands the socket to a ``WebSocketConnection`` whose read
  /// loop then runs on this thread, with the route's handler running alongside as a task.
  private func serveWebSocket(_ request: HTTPRequest, _ upgrade: HTTPResponse.WebSocketUpgrade, initialBytes: [UInt8]) {
    let accepted: [UInt8]
    switch WebSocketHandshake.accept(request) {
    case .failure(let refusal):
      refuse(refusal.response, includeBody: request.method != .head)
      return
    case .success(let answer):
      accepted = answer
    }
    do {
      try socket.write(accepted)
    } catch {
      socket.close()
      return
    }
    let connection = WebSocketConnection(
      socket: socket, role: .server, maxMessageSize: upgrade.maxMessageSize, buffers: upgrade.buffers, initialBytes: initialBytes)
    if !server.track(id, as: connection) {
      connection.startClose(WebSocketCloseStatus(code: .goingAway, reason: "server stopping"))
    }
    let handler = Task.detached {
      do {
        try await upgrade.handler(connection)
        await connection.close()
      } catch {
        // A handler ended by the connection failing finds it closed already; this is a no-op then.
        await connection.close(code: .internalError)
      }
    }
    connection.readLoop()
    handler.cancel()
  }

  /// Answers with an error and closes: after a bad request the byte stream cannot be trusted. An
  /// answer to a HEAD has no body (RFC 9110 §9.3.2), or a client reads it as the next response.
  private func refuse(_ response: HTTPResponse, includeBody: Bool = true) {
    try? socket.write(response.serialized(keepAlive: false, includeBody: includeBody))
    closeGracefully()
  }

  /// Sends FIN, then reads and discards for a moment before closing. Closing with unread bytes
  /// (say, the body of a refused upload) would send a reset that can destroy the response
  /// before the client reads it.
  private func closeGracefully() {
    socket.shutdown(.writing)
    let deadline = ContinuousClock.now + .seconds(1)
    var discarded = 0
    while discarded < 1 << 20, let bytes = try? socket.read(upTo: 16_384, deadline: deadline), !bytes.isEmpty {
      discarded += bytes.count
    }
    socket.close()
  }
}
