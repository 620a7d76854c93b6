import SwitchyardWire

/// A wire message as the JSON bytes it travels in, with what a stream entry needs beside them:
/// written to a stream as it is, never decoded and encoded again on the way.
public struct EncodedMessage: Sendable, Equatable {
  /// The message's JSON payload, without a frame header.
  public var payload: [UInt8]
  /// The attempt's generation, for messages that belong to one (the entry's `generation` field).
  public var generation: UInt32?

  /// Wraps a payload already encoded.
  public init(payload: [UInt8], generation: UInt32?) {
    self.payload = payload
    self.generation = generation
  }

  /// Encodes `message`.
  public init(_ message: WorkerMessage) {
    self.init(payload: message.encodedPayload(), generation: message.generation)
  }
}
