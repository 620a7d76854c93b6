/// Coordinator → worker: a liveness probe, answered by a ``Pong`` with the same nonce.
public struct Ping: Equatable, Sendable, Codable {
  /// A number the coordinator chooses to match the answer to the probe.
  public var nonce: UInt64

  /// Creates a probe.
  public init(nonce: UInt64) { self.nonce = nonce }
}
