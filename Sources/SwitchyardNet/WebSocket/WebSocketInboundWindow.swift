import Dispatch
import Synchronization

/// Counts the messages a connection's reader has handed to ``WebSocketMessages`` that the consumer
/// has not taken yet, and holds the reader while ``WebSocketBuffers/unreadMessages`` are waiting:
/// backpressure, since a reader that does not read leaves the peer's bytes in TCP's window.
final class WebSocketInboundWindow: Sendable {
  let limit: Int
  private let state = Mutex(State())
  /// Signalled once per wait, by whoever clears `isReaderWaiting`.
  private let room = DispatchSemaphore(value: 0)

  private struct State {
    var unread = 0
    var isReaderWaiting = false
    /// Set once the connection is closing: the reader must go on to the peer's close frame.
    var isClosing = false

    /// Clears the reader's wait; returns whether it was waiting, and so must be signalled.
    mutating func releaseReader() -> Bool {
      defer { isReaderWaiting = false }
      return isReaderWaiting
    }
  }

  init(limit: Int) {
    self.limit = max(1, limit)
  }

  /// Messages handed over and not yet taken.
  var unread: Int {
    state.withLock { $0.unread }
  }

  /// Whether the reader is held, waiting for the consumer.
  var isReaderWaiting: Bool {
    state.withLock { $0.isReaderWaiting }
  }

  /// Called by the reader before it hands over a message: blocks while the window is full and the
  /// connection open. Returns false when the message is to be dropped: the window is full and the
  /// connection closing, so nobody would read it before the end.
  func admit() -> Bool {
    while true {
      let admitted: Bool? = state.withLock { state in
        if state.unread < limit {
          state.unread += 1
          return true
        }
        if state.isClosing { return false }
        state.isReaderWaiting = true
        return nil
      }
      if let admitted { return admitted }
      room.wait()
    }
  }

  /// The consumer took a message.
  func take() {
    let wake = state.withLock { state in
      state.unread -= 1
      return state.releaseReader()
    }
    if wake { room.signal() }
  }

  /// The connection is closing: the reader never waits again.
  func close() {
    let wake = state.withLock { state in
      state.isClosing = true
      return state.releaseReader()
    }
    if wake { room.signal() }
  }
}
