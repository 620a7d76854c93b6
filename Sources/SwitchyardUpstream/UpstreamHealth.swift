/// What `GET /health` answers: `{"ok":true,"uptimeSeconds":12.5,"clients":1}`.
public struct UpstreamHealth: Codable, Equatable, Sendable {
  /// Always true: a service that answers is healthy.
  public var ok: Bool
  /// Seconds since the service started.
  public var uptimeSeconds: Double
  /// How many WebSocket clients the feed has now.
  public var clients: Int

  /// Creates a report.
  public init(ok: Bool, uptimeSeconds: Double, clients: Int) {
    self.ok = ok
    self.uptimeSeconds = uptimeSeconds
    self.clients = clients
  }
}
