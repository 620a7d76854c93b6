/// What a ``FeedJob`` reports: the socket's state and the messages it receives.
public enum FeedEvent: Codable, Equatable, Sendable {
  /// The handshake completed; messages follow.
  case connected
  /// One text message from the feed.
  case messageReceived(String)
  /// The connection ended; the worker reconnects after ``FeedEvent/disconnected(reason:)`` unless
  /// the job is cancelled.
  case disconnected(reason: String)
}
