/// A worker's commands gathered in one main-actor turn, in the form its link's edge encodes them
/// to: frames for a link that writes bytes, the commands themselves for one that encodes them
/// later, on a thread of its own (a broker's writer).
///
/// Kept from turn to turn by its worker, so a busy turn's frames cost no buffer of their own.
package struct OutboundBatch: Sendable {
  /// How many bytes of frames, or how many commands, a batch gathers before they leave without
  /// waiting for the turn's end: about a quarter of a Linux pipe's buffer.
  static let sliceBytes = 16 * 1024
  static let sliceCount = 128

  /// Frames, for a link that writes bytes.
  package var bytes: [UInt8] = []
  /// Commands as they are, for a link that encodes them later.
  package var commands: [WorkerCommand] = []

  /// An empty batch.
  package init() {}

  /// Whether nothing waits in it.
  var isEmpty: Bool { bytes.isEmpty && commands.isEmpty }

  /// Whether it holds a slice's worth, to send before the turn ends.
  var isFull: Bool { bytes.count >= Self.sliceBytes || commands.count >= Self.sliceCount }

  /// Empties it, keeping its buffers for the next turn.
  mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    commands.removeAll(keepingCapacity: true)
  }
}
