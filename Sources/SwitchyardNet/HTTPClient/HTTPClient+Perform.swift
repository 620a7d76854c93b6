import Glibc

extension HTTPClient {
  /// A request that failed, and whether it may be resent on a fresh connection: true when a
  /// kept-alive connection turned out to be closed before any of the answer arrived.
  private struct Failure: Error {
    var error: any Error
    var connectionWasStale: Bool
  }

  /// Sends the request and reads the answer, blocking the calling thread (never a cooperative one).
  func perform(
    _ request: HTTPClientRequest, bytes: [UInt8], to endpoint: HTTPEndpoint, exchange: HTTPExchange
  ) throws -> HTTPClientResponse {
    let deadline = ContinuousClock.now + configuration.requestTimeout
    var isFirstAttempt = true
    while true {
      // A resend goes on a fresh connection: another idle one may be just as stale.
      let pooled = isFirstAttempt ? pool.take(endpoint.poolKey) : nil
      let socket = try pooled ?? connect(to: endpoint, deadline: deadline)
      try exchange.adopt(socket)
      do {
        let (response, keepsAlive) = try send(bytes, on: socket, to: endpoint, method: request.method, deadline: deadline, reused: pooled != nil)
        // A request that asked for `Connection: close` gets its connection closed by the server.
        if exchange.release(), keepsAlive, !request.headers.contains("Connection", token: "close") {
          pool.put(socket, for: endpoint.poolKey)
        } else {
          socket.close()
        }
        return response
      } catch let failure as Failure {
        let wasCancelled = !exchange.release()
        socket.close()
        if wasCancelled { throw CancellationError() }
        guard failure.connectionWasStale, request.isIdempotent, isFirstAttempt else { throw failure.error }
        isFirstAttempt = false
      }
    }
  }

  private func connect(to endpoint: HTTPEndpoint, deadline: ContinuousClock.Instant) throws(HTTPClientError) -> Socket {
    let connectDeadline = min(deadline, .now + configuration.connectTimeout)
    let (host, port) = (endpoint.host, Int(endpoint.port))
    do {
      return try Socket.connect(host: endpoint.host, port: endpoint.port, deadline: connectDeadline)
    } catch .timedOut {
      if connectDeadline == deadline { throw .timedOut(host: host, port: port, timeout: configuration.requestTimeout) }
      throw .connectTimedOut(host: host, port: port, timeout: configuration.connectTimeout)
    } catch .hostNotFound(let host, let reason) {
      throw .hostNotFound(host: host, reason: reason)
    } catch .system(_, let code) where code == ECONNREFUSED {
      throw .connectionRefused(host: host, port: port)
    } catch {
      throw .connectionFailed(host: host, port: port, reason: error.description)
    }
  }

  /// Writes the request and reads its answer on one connection.
  private func send(
    _ bytes: [UInt8], on socket: Socket, to endpoint: HTTPEndpoint, method: HTTPMethod,
    deadline: ContinuousClock.Instant, reused: Bool
  ) throws -> (HTTPClientResponse, keepsAlive: Bool) {
    let (host, port) = (endpoint.host, Int(endpoint.port))
    let limits = HTTPResponseParser.Limits(
      maxHeadBytes: configuration.maxHeadBytes, maxHeaderCount: configuration.maxHeaderCount, maxBodyBytes: configuration.maxBodyBytes)
    var parser = HTTPResponseParser(limits: limits, expectsBody: method != .head)
    func lost(_ reason: String, receivedBytes: Bool) -> Failure {
      Failure(error: HTTPClientError.connectionLost(host: host, port: port, reason: reason), connectionWasStale: reused && !receivedBytes)
    }
    do {
      let remaining = deadline - .now
      guard remaining > .zero else { throw SocketError.timedOut }
      socket.setSendTimeout(remaining)
      try socket.write(bytes)
      while true {
        let received = try socket.read(upTo: 65_536, deadline: deadline)
        guard !received.isEmpty else {
          if let completed = try parser.finishAtEndOfStream() {
            return (completed.response, false)
          }
          let receivedBytes = parser.hasReceivedBytes
          throw lost(receivedBytes ? "it closed mid-answer" : "it closed without answering", receivedBytes: receivedBytes)
        }
        parser.append(received)
        if let completed = try parser.nextResponse() {
          return (completed.response, completed.keepsAlive)
        }
      }
    } catch let failure as Failure {
      throw failure
    } catch SocketError.timedOut {
      throw Failure(error: HTTPClientError.timedOut(host: host, port: port, timeout: configuration.requestTimeout), connectionWasStale: false)
    } catch let error as SocketError {
      throw lost(error.description, receivedBytes: parser.hasReceivedBytes)
    } catch let failure as HTTPResponseParser.Failure {
      let error: HTTPClientError
      switch failure {
      case .malformed(let problem): error = .malformedResponse(host: host, port: port, problem: problem)
      case .headTooLarge(let limit): error = .headTooLarge(host: host, port: port, limit: limit)
      case .bodyTooLarge(let limit): error = .bodyTooLarge(host: host, port: port, limit: limit)
      }
      throw Failure(error: error, connectionWasStale: false)
    } catch {
      throw Failure(error: error, connectionWasStale: false)
    }
  }
}
