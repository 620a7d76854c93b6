import SwitchyardRuntime

/// A WebSocket listener for one session's feed: the `websocket` worker connects to ``url``, emits
/// every message, and reconnects with backoff until the effect is cancelled.
public struct FeedJob: RemoteJob, Equatable {
  /// Connection changes and messages, as they happen.
  public typealias Output = FeedEvent

  /// The WebSocket pool: `switchyard worker websocket`.
  public static let kind: JobKind = "websocket"

  /// The session listening.
  public var sessionID: String
  /// The feed's address; `ws://` only (no TLS).
  public var url: String

  /// Creates a feed job.
  public init(sessionID: String, url: String) {
    self.sessionID = sessionID
    self.url = url
  }

  /// A listener runs until cancelled, so it has no start-to-close timeout.
  public var timeout: Duration? { nil }

  /// A listener waits at most 30 seconds for a free slot on a `websocket` worker, then fails
  /// `timeout` saying so: behind listeners that never end, it would otherwise wait for ever.
  public var queueTimeout: Duration? { .seconds(30) }

  /// A listener whose worker died is started again on another one, as often as it takes.
  public var maxAttempts: Int { .max }
}
