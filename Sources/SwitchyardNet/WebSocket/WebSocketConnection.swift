import Dispatch
import Foundation
import Synchronization

/// One end of an open WebSocket, client or server: receive with ``messages``, send with
/// ``send(_:)``, end with ``close(code:reason:)``.
///
/// Clients get one from ``WebSocketClient/connect(to:timeout:maxMessageSize:headers:)``; a server
/// route gets one from ``HTTPResponse/webSocket(maxMessageSize:buffers:handler:)``. The connection
/// answers pings, reassembles fragmented messages and runs the close handshake by itself, and
/// holds at most its ``WebSocketBuffers`` for the peer, so a peer that floods it or stops reading
/// costs bounded memory.
///
/// Each connection has a reader thread blocked on its socket and a serial queue for writes, so
/// blocking IO never occupies Swift's cooperative threads; the async methods only wait for that
/// work to finish.
public final class WebSocketConnection: Sendable {
  /// The default limit on an incoming message, 16 MiB: large enough for any sensible message,
  /// small enough that a hostile peer cannot exhaust memory.
  public static let defaultMaxMessageSize = 16 << 20

  /// Which end this is; decides who masks (RFC 6455 §5.1).
  enum Role: Sendable {
    case client
    case server
  }

  /// Messages from the peer, in order.
  ///
  /// Finishes when the close handshake completes (``closeStatus`` then tells why), and throws a
  /// ``WebSocketError`` when the peer breaks the protocol or the connection drops. At most
  /// ``WebSocketBuffers/unreadMessages`` wait here; past them the connection stops reading until
  /// one is taken. Cancelling the task that iterates it closes the connection with
  /// ``WebSocketCloseCode/goingAway``.
  public let messages: WebSocketMessages

  let role: Role
  let socket: Socket
  let maxMessageSize: Int
  let buffers: WebSocketBuffers
  /// How long to wait for the peer's part of the close handshake before cutting the connection.
  let closeTimeout: Duration
  let continuation: AsyncThrowingStream<WebSocketMessage, Error>.Continuation
  /// Holds the reader while the consumer is ``WebSocketBuffers/unreadMessages`` behind.
  let inbound: WebSocketInboundWindow
  /// Bytes that arrived with the handshake, before this connection existed.
  let initialBytes: [UInt8]
  /// Serialises frames so each leaves whole and in order; its threads may block in `send(2)`.
  let writer = DispatchQueue(label: "SwitchyardNet.WebSocket.writer")
  let state = Mutex(State())

  struct State {
    var closeSent = false
    var peerCloseStatus: WebSocketCloseStatus?
    /// Set once the reader has stopped; nothing more is queued for writing.
    var isFinished = false
    /// Set once the descriptor is closed, which is what ``close(code:reason:)`` waits for.
    var isSocketClosed = false
    var finishWaiters: [CheckedContinuation<Void, Never>] = []
    var pingWaiters: [UInt64: CheckedContinuation<Void, Error>] = [:]
    var nextPingID: UInt64 = 0
    /// Bytes handed to the writer and not yet written, checked against ``WebSocketBuffers/unsentBytes``.
    var unsentBytes = 0
    /// The payload of the pong the writer is to send next; a newer ping replaces it (RFC 6455
    /// §5.5.3 lets us answer only the latest), so a ping flood queues one pong, not one per ping.
    var pendingPong: [UInt8]?
  }

  /// Wraps a socket whose opening handshake is done.
  ///
  /// - Parameters:
  ///   - initialBytes: bytes read past the handshake, which are the first frames.
  ///   - sendTimeout: how long a write may wait on a peer that stopped reading before the
  ///     connection is declared lost; without it one stuck peer could stall a broadcast forever.
  init(
    socket: Socket, role: Role, maxMessageSize: Int, buffers: WebSocketBuffers = WebSocketBuffers(),
    initialBytes: [UInt8] = [], closeTimeout: Duration = .seconds(5), sendTimeout: Duration = .seconds(10)
  ) {
    socket.setSendTimeout(sendTimeout)
    self.socket = socket
    self.role = role
    self.maxMessageSize = maxMessageSize
    self.buffers = buffers
    self.initialBytes = initialBytes
    self.closeTimeout = closeTimeout
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: WebSocketMessage.self)
    let inbound = WebSocketInboundWindow(limit: buffers.unreadMessages)
    self.continuation = continuation
    self.inbound = inbound
    messages = WebSocketMessages(stream: stream, window: inbound)
    continuation.onTermination = { [weak self] termination in
      // Nobody takes messages any more: the reader must not wait for them to be taken.
      inbound.close()
      if case .cancelled = termination {
        self?.startClose(WebSocketCloseStatus(code: .goingAway))
      }
    }
  }

  /// The status the peer's close frame carried, once it has arrived; `nil` before, or when the
  /// connection ended without one.
  public var closeStatus: WebSocketCloseStatus? {
    state.withLock { $0.peerCloseStatus }
  }

  /// Whether the connection is still up: `false` once either side began closing it or it was
  /// lost, though messages that arrived before may still wait in ``messages``.
  public var isOpen: Bool {
    state.withLock { !$0.isFinished && !$0.closeSent }
  }

  /// Sends a message as a single frame; returns once its bytes are handed to the kernel.
  ///
  /// - Throws: ``WebSocketError/connectionClosed`` once closing has begun, or
  ///   ``WebSocketError/connectionLost(_:)`` if the write fails.
  public func send(_ message: WebSocketMessage) async throws {
    try await send(frames: [Self.frame(for: message)])
  }

  /// Sends a ping and waits for the peer's pong: a liveness check.
  ///
  /// - Throws: ``WebSocketError/connectionClosed`` if the connection closes first, or
  ///   `CancellationError` if the waiting task is cancelled.
  public func ping() async throws {
    let id = state.withLock { state in
      state.nextPingID += 1
      return state.nextPingID
    }
    let payload = (0..<8).map { UInt8(truncatingIfNeeded: id >> UInt64(56 - 8 * $0)) }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, Error>) in
        let failure: Error? = state.withLock { state in
          if Task.isCancelled { return CancellationError() }
          guard !state.isFinished, !state.closeSent else { return WebSocketError.connectionClosed }
          state.pingWaiters[id] = waiter
          return nil
        }
        if let failure {
          waiter.resume(throwing: failure)
          return
        }
        enqueue(encode(WebSocketFrame(opcode: .ping, payload: payload))) { [self] result in
          if case .failure(let error) = result {
            state.withLock { $0.pingWaiters.removeValue(forKey: id) }?.resume(throwing: error)
          }
        }
      }
    } onCancel: {
      state.withLock { $0.pingWaiters.removeValue(forKey: id) }?.resume(throwing: CancellationError())
    }
  }

  /// Starts the close handshake and waits until the connection is closed and its socket released.
  ///
  /// Waits at most about twice the close timeout for a peer that does not answer. Codes that may
  /// not be sent (1005, 1006, 1015, or outside the allowed ranges) are replaced by 1000, and the
  /// reason is cut to the 123 bytes a close frame can carry.
  public func close(code: WebSocketCloseCode = .normalClosure, reason: String = "") async {
    startClose(WebSocketCloseStatus(code: code, reason: reason))
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      let closed = state.withLock { state in
        if !state.isSocketClosed {
          state.finishWaiters.append(waiter)
        }
        return state.isSocketClosed
      }
      if closed {
        waiter.resume()
      }
    }
  }

  /// Sends a close frame unless one was sent, and bounds how long the peer has to answer.
  func startClose(_ status: WebSocketCloseStatus) {
    let sendable = status.code.isAllowedOnWire ? status : WebSocketCloseStatus(code: .normalClosure, reason: status.reason)
    let payload = WebSocketMessageAssembler.closePayload(sendable)
    if enqueue(encode(WebSocketFrame(opcode: .close, payload: payload)), isClose: true) {
      cutConnectionAfterCloseTimeout()
    }
  }

  /// Sends `message` split into frames of at most `fragmentSize` payload bytes.
  func send(_ message: WebSocketMessage, fragmentSize: Int) async throws {
    let whole = Self.frame(for: message)
    var frames: [WebSocketFrame] = []
    var offset = 0
    repeat {
      let end = min(offset + fragmentSize, whole.payload.count)
      let opcode: WebSocketOpcode = offset == 0 ? whole.opcode : .continuation
      frames.append(WebSocketFrame(fin: end == whole.payload.count, opcode: opcode, payload: Array(whole.payload[offset..<end])))
      offset = end
    } while offset < whole.payload.count
    try await send(frames: frames)
  }

  /// Writes `frames` back to back, so no other frame of ours lands between them.
  func send(frames: [WebSocketFrame]) async throws {
    let bytes = frames.flatMap(encode)
    try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, Error>) in
      enqueue(bytes) { waiter.resume(with: $0) }
    }
  }

  /// Queues bytes for the writer; returns whether they were queued.
  ///
  /// Nothing may follow our close frame (RFC 6455 §5.5.1), so once `isClose` bytes are queued,
  /// everything after is refused with ``WebSocketError/connectionClosed``. Bytes that would take
  /// the unsent total past ``WebSocketBuffers/unsentBytes`` are refused with
  /// ``WebSocketError/peerTooSlow(limit:)`` and the connection is closed with 1008, as any
  /// owner drops a peer too slow for it.
  @discardableResult
  func enqueue(_ bytes: [UInt8], isClose: Bool = false, completion: (@Sendable (Result<Void, WebSocketError>) -> Void)? = nil) -> Bool {
    let refusal: WebSocketError? = state.withLock { state in
      guard !state.closeSent, !state.isFinished else { return .connectionClosed }
      if !isClose, state.unsentBytes > 0, state.unsentBytes + bytes.count > buffers.unsentBytes {
        return .peerTooSlow(limit: buffers.unsentBytes)
      }
      if isClose {
        state.closeSent = true
      }
      state.unsentBytes += bytes.count
      writer.async { [self] in
        let result = write(bytes)
        self.state.withLock { $0.unsentBytes -= bytes.count }
        completion?(result)
      }
      return nil
    }
    guard let refusal else {
      if isClose { inbound.close() }
      return true
    }
    completion?(.failure(refusal))
    if case .peerTooSlow(let limit) = refusal {
      startClose(WebSocketCloseStatus(code: .policyViolation, reason: "too slow: more than \(limit) bytes unsent"))
    }
    return false
  }

  /// Queues a pong carrying `payload`, or, if one is queued and not yet written, gives it this
  /// payload instead: at most one pong ever waits for the writer.
  func enqueuePong(_ payload: [UInt8]) {
    state.withLock { state in
      guard !state.closeSent, !state.isFinished else { return }
      let isQueued = state.pendingPong != nil
      state.pendingPong = payload
      guard !isQueued else { return }
      writer.async { [self] in
        let latest = self.state.withLock { state in
          defer { state.pendingPong = nil }
          return state.pendingPong
        }
        if let latest { _ = write(encode(WebSocketFrame(opcode: .pong, payload: latest))) }
      }
    }
  }

  /// Writes on the writer's queue; a connection we cannot write to is dead, and shutting it down
  /// wakes the reader to end the stream.
  private func write(_ bytes: [UInt8]) -> Result<Void, WebSocketError> {
    do {
      try socket.write(bytes)
      return .success(())
    } catch {
      socket.shutdown(.both)
      return .failure(.connectionLost("writing failed: \(error)"))
    }
  }

  /// Half-closes after everything queued so far is written: our FIN follows our close frame.
  func shutdownWritingAfterQueuedFrames() {
    writer.async { [socket] in socket.shutdown(.writing) }
  }

  /// Cuts the connection if the peer has not finished the close handshake within the timeout.
  func cutConnectionAfterCloseTimeout() {
    DispatchQueue.global().asyncAfter(deadline: .now() + closeTimeout.dispatchInterval) { [socket] in
      socket.shutdown(.both)
    }
  }

  /// Closes the socket after queued writes, then wakes everyone waiting on the connection.
  func releaseSocket() {
    let pingWaiters = state.withLock { state in
      state.isFinished = true
      defer { state.pingWaiters = [:] }
      return Array(state.pingWaiters.values)
    }
    for waiter in pingWaiters {
      waiter.resume(throwing: WebSocketError.connectionClosed)
    }
    // Synchronous, so that when the read loop returns the descriptor is closed; the writer
    // cannot be stuck, as the reader shut the socket down before calling this.
    writer.sync {
      socket.close()
      let finishWaiters = state.withLock { state in
        state.isSocketClosed = true
        defer { state.finishWaiters = [] }
        return state.finishWaiters
      }
      for waiter in finishWaiters {
        waiter.resume()
      }
    }
  }

  /// The frame's bytes, masked with a fresh key when we are the client (§5.3).
  func encode(_ frame: WebSocketFrame) -> [UInt8] {
    frame.encoded(maskingKey: role == .client ? WebSocketFrame.randomMaskingKey() : nil)
  }

  private static func frame(for message: WebSocketMessage) -> WebSocketFrame {
    switch message {
    case .text(let text): return WebSocketFrame(opcode: .text, payload: Array(text.utf8))
    case .binary(let bytes): return WebSocketFrame(opcode: .binary, payload: bytes)
    }
  }
}
