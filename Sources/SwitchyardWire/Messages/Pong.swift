/// Worker → coordinator: the answer to a ``Ping``.
public struct Pong: Equatable, Sendable, Codable {
  /// The nonce of the ``Ping`` being answered.
  public var nonce: UInt64

  /// Creates an answer.
  public init(nonce: UInt64) { self.nonce = nonce }
}
