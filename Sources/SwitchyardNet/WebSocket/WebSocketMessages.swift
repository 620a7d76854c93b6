/// The messages a ``WebSocketConnection`` received, in order: iterate it once, with `for try await`.
///
/// At most ``WebSocketBuffers/unreadMessages`` wait here; while they do, the connection reads
/// nothing more from its peer. It finishes when the close handshake completes, and throws a
/// ``WebSocketError`` when the peer breaks the protocol or the connection drops.
public struct WebSocketMessages: AsyncSequence, Sendable {
  public typealias Element = WebSocketMessage
  public typealias Failure = any Error

  let stream: AsyncThrowingStream<WebSocketMessage, any Error>
  let window: WebSocketInboundWindow

  /// An iterator; only one may be in use at a time.
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: stream.makeAsyncIterator(), window: window)
  }

  /// Takes messages one at a time, making room for the connection to read the next.
  public struct Iterator: AsyncIteratorProtocol {
    var base: AsyncThrowingStream<WebSocketMessage, any Error>.Iterator
    let window: WebSocketInboundWindow

    /// The next message, or `nil` once the connection closed normally.
    public mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> WebSocketMessage? {
      let message = try await base.next(isolation: actor)
      if message != nil { window.take() }
      return message
    }

    /// The next message, or `nil` once the connection closed normally.
    public mutating func next() async throws -> WebSocketMessage? {
      try await next(isolation: nil)
    }
  }
}
