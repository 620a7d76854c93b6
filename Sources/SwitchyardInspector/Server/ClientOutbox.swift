import Synchronization
import SwitchyardNet

/// One page's queue of messages to send, bounded in messages and bytes, drained into its WebSocket
/// by one task: the coordinator only ever appends here, under a lock, and never waits on a socket.
///
/// A page that leaves more unread than the bounds allow is too slow for the live stream: it is
/// dropped with close code 1008 rather than buffered without end.
final class ClientOutbox: Sendable {
  /// How much one page may leave unread.
  struct Limits: Sendable {
    var messages: Int
    var bytes: Int
  }

  let id: Int
  let connection: WebSocketConnection
  private let limits: Limits
  private let messages: AsyncStream<[UInt8]>
  private let continuation: AsyncStream<[UInt8]>.Continuation
  private let backlog = Mutex(Backlog.open(messages: 0, bytes: 0))

  /// Whether the page keeps up, and how much it has not yet been sent.
  private enum Backlog {
    case open(messages: Int, bytes: Int)
    case dropped
  }

  init(id: Int, connection: WebSocketConnection, limits: Limits) {
    self.id = id
    self.connection = connection
    self.limits = limits
    (messages, continuation) = AsyncStream.makeStream(of: [UInt8].self)
  }

  /// Queues `bytes` (one text message); returns false, and drops the page, if it would exceed a
  /// bound, or if the page was dropped already.
  @discardableResult
  func enqueue(_ bytes: [UInt8]) -> Bool {
    let accepted = backlog.withLock { backlog -> Bool? in
      guard case let .open(count, size) = backlog else { return false }
      guard count < limits.messages, size + bytes.count <= max(limits.bytes, bytes.count) else {
        backlog = .dropped
        return nil
      }
      backlog = .open(messages: count + 1, bytes: size + bytes.count)
      continuation.yield(bytes)
      return true
    }
    guard let accepted else {
      drop(reason: "too slow: more than \(limits.messages) messages or \(limits.bytes) bytes unread")
      return false
    }
    return accepted
  }

  /// Whether the page is still served: not dropped, its connection not lost. A request read after
  /// that is not worth answering.
  var isOpen: Bool {
    backlog.withLock { if case .open = $0 { true } else { false } }
  }

  /// Sends queued messages in order until the page is dropped or its connection ends.
  func run() async {
    for await bytes in messages {
      do {
        try await connection.send(.text(String(decoding: bytes, as: UTF8.self)))
      } catch {
        backlog.withLock { $0 = .dropped }
        return
      }
      backlog.withLock { backlog in
        if case let .open(count, size) = backlog {
          backlog = .open(messages: count - 1, bytes: size - bytes.count)
        }
      }
    }
  }

  /// Ends the sending task; the connection itself ends with its handler.
  func finish() {
    continuation.finish()
  }

  private func drop(reason: String) {
    continuation.finish()
    Task { [connection] in await connection.close(code: .policyViolation, reason: reason) }
  }
}
