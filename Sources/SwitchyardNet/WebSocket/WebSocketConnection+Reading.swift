import Foundation

extension WebSocketConnection {
  /// Runs ``readLoop()`` on a thread of its own; the client's way to start a connection.
  func startReading() {
    let thread = Thread { [self] in readLoop() }
    thread.name = "SwitchyardNet.WebSocket.reader"
    thread.start()
  }

  /// Reads until the connection ends, then releases the socket. Blocks the calling thread.
  ///
  /// Two phases: while open, bytes become events; once the close handshake completes or the peer
  /// breaks the protocol, the stream is finished and further bytes are read only to be discarded,
  /// until the peer closes its side (or the close timeout cuts it), so that our close frame is
  /// never lost to a reset caused by unread data.
  func readLoop() {
    var assembler = WebSocketMessageAssembler(expectsMaskedFrames: role == .server, maxMessageSize: maxMessageSize)
    assembler.append(initialBytes)
    var isOpen = true
    var readFailure: SocketError?
    while true {
      if isOpen {
        do {
          while isOpen, let event = try assembler.nextEvent() {
            isOpen = handle(event)
          }
        } catch {
          fail(with: error)
          isOpen = false
        }
      }
      let bytes: [UInt8]
      do {
        bytes = try socket.read(upTo: 65_536)
      } catch {
        readFailure = error
        break
      }
      if bytes.isEmpty { break }
      if isOpen {
        assembler.append(bytes)
      }
    }
    if isOpen {
      endWithoutCloseFrame(readFailure)
    }
    // A close frame already queued is written before the socket goes: a peer that shut its
    // writing side right behind its last frame still reads why we closed. The close timeout's
    // cut bounds the wait for a peer that does not read.
    if state.withLock({ $0.closeSent }) {
      writer.sync {}
    }
    socket.shutdown(.both)
    releaseSocket()
  }

  /// Acts on one event; returns false once the close handshake is complete.
  private func handle(_ event: WebSocketMessageAssembler.Event) -> Bool {
    switch event {
    case .message(let message):
      // Waits while the consumer is behind; a message nobody will read before the close is dropped.
      if inbound.admit() {
        continuation.yield(message)
      }
    case .ping(let payload):
      enqueuePong(payload)
    case .pong(let payload):
      guard payload.count == 8 else { break }
      let id = payload.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
      state.withLock { $0.pingWaiters.removeValue(forKey: id) }?.resume()
    case .close(let status):
      state.withLock { $0.peerCloseStatus = status }
      // Echo the code (§5.5.1); an empty close is answered with an empty close.
      let echo = status.code == .noStatusReceived ? [] : WebSocketMessageAssembler.closePayload(WebSocketCloseStatus(code: status.code))
      enqueue(encode(WebSocketFrame(opcode: .close, payload: echo)), isClose: true)
      // The server closes TCP first (§7.1.1); the client waits for that.
      if role == .server {
        shutdownWritingAfterQueuedFrames()
      }
      cutConnectionAfterCloseTimeout()
      continuation.finish()
      return false
    }
    return true
  }

  /// Fails the connection (§7.1.7): a close frame with the matching code, then our FIN.
  private func fail(with error: WebSocketError) {
    let payload = WebSocketMessageAssembler.closePayload(WebSocketCloseStatus(code: error.closeCode))
    enqueue(encode(WebSocketFrame(opcode: .close, payload: payload)), isClose: true)
    shutdownWritingAfterQueuedFrames()
    cutConnectionAfterCloseTimeout()
    continuation.finish(throwing: error)
  }

  /// The TCP connection ended before a close handshake: normal if we had asked to close (the
  /// peer may just hang up), a lost connection otherwise.
  private func endWithoutCloseFrame(_ failure: SocketError?) {
    if state.withLock({ $0.closeSent }) {
      continuation.finish()
    } else {
      let reason = failure.map { "reading failed: \($0)" } ?? "the peer closed the TCP connection without a close frame"
      continuation.finish(throwing: WebSocketError.connectionLost(reason))
    }
  }
}
