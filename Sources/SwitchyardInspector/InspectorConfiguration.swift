import Foundation
import SwitchyardNet
import SwitchyardRuntime

/// Where an ``Inspector`` listens, who may use it, and the bounds that keep it cheap.
public struct InspectorConfiguration: Sendable {
  /// The IP address to listen on (IPv6 without brackets); loopback unless named, and then only
  /// with a ``token``.
  public var host = "127.0.0.1"
  /// The TCP port; 0 picks a free one, which ``Inspector/url`` reports.
  public var port: UInt16 = 0
  /// The secret every request must carry (`?token=` or `Authorization: Bearer`), WebSocket
  /// upgrades included; required when ``host`` is not loopback.
  public var token: String?
  /// How many past states the in-memory history keeps for the slider when no journal serves it.
  public var historyCapacity = 256
  /// The least time between two retained states: under a flood of actions the history keeps
  /// some of them, because a retained state makes the store's next write copy what it touches.
  public var snapshotInterval: Duration = .milliseconds(20)
  /// How many recent actions a newly opened page is shown.
  public var recentActionCapacity = 1_000
  /// How often the live action stream is sent to the pages, as one batch.
  public var actionFlushInterval: Duration = .milliseconds(100)
  /// How stale the live state a page is sent may be: pages asking within this time share one
  /// encoding of it, so many pages cost the store no more than one.
  public var liveStateMaxAge: Duration = .milliseconds(100)
  /// How often pool and worker status is sent to the pages.
  public var statusInterval: Duration = .seconds(1)
  /// How many status samples the graphs keep: one per ``statusInterval``, so 600 draw the last
  /// ten minutes during which a page was connected.
  public var graphSamples = 600
  /// Messages a page may leave unread before it is dropped with close code 1008.
  public var clientQueueLimit = 64
  /// Bytes a page may leave unread before it is dropped with close code 1008.
  public var clientQueueBytes = 8 << 20
  /// The largest message a page may send (an action to send, a request); larger closes with 1009.
  public var maxRequestBytes = 64 << 10
  /// The most changes a diff lists before it says it was cut short.
  public var maxDiffChanges = 500
  /// Connections (pages and their requests) served at once, and descriptors left to the
  /// coordinator; past them a client gets `503 Service Unavailable` and is closed.
  public var connectionLimits = ListenerLimits()
  /// A port bound beforehand at ``host`` and ``port``, served instead of binding them: a standby's
  /// page and the inspector of the coordinator it becomes take turns on it, and clients wait in
  /// its backlog between the two.
  public var listeningPort: ListeningPort?

  /// The defaults: loopback, a free port, no token.
  public init() {}

  /// The page's address when served on `port`, with the token when one is required.
  func pageURL(port: UInt16) -> String {
    let query = token.map { token in "?token=" + (token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? token) }
    return "http://\(ListenAddress.authority(host: host, port: port))/\(query ?? "")"
  }

  /// The log's line for a page served on `port`, with `note` after it: its address, never the
  /// token, which a log shipped to an aggregator would give to everyone who reads it.
  func servingEvent(port: UInt16, note: String? = nil) -> LogEvent {
    let address = "http://\(ListenAddress.authority(host: host, port: port))/"
    let opening = token == nil ? "" : " (open it with ?token= and the --http-token secret)"
    return .info("inspector serving \(address)\(opening)" + (note.map { "; \($0)" } ?? ""), .string("url", address))
  }

  /// The configuration `switchyard start --http HOST:PORT [--http-token TOKEN]` asks for, or
  /// `nil` without `--http`: the inspector is off by default.
  ///
  /// - Throws: ``InspectorError/tokenWithoutAddress`` for a token without an address, and what
  ///   ``init(address:token:)`` throws.
  public static func commandLine(address: String?, token: String?) throws(InspectorError) -> InspectorConfiguration? {
    guard let address else {
      if token != nil { throw .tokenWithoutAddress }
      return nil
    }
    return try InspectorConfiguration(address: address, token: token)
  }

  /// Reads the command line's `--http HOST:PORT` and `--http-token TOKEN`.
  ///
  /// - Throws: ``InspectorError/invalidAddress(_:)`` for anything but an address or a host name that
  ///   resolves, and a port,
  ///   ``InspectorError/tokenRequired(host:)`` for a non-loopback address without a token.
  public init(address: String, token: String?) throws(InspectorError) {
    let listen: ListenAddress
    do { listen = try ListenAddress(address) } catch { throw .invalidAddress(error) }
    if let token, token.isEmpty { throw .emptyToken }
    guard listen.isLoopback || token != nil else { throw .tokenRequired(host: listen.host) }
    self.host = listen.host
    self.port = listen.port
    self.token = token
  }
}
