extension Finished {
  /// Appends the frame of a `finished`: the bytes ``WorkerMessage/finished(_:)`` encodes to, written
  /// without an encoder.
  ///
  /// A worker writes one per job, as often as it writes an `emit`, so it costs no more than one.
  public static func appendFrame(effect: EffectID, generation: UInt32, outputs: UInt64? = nil, to buffer: inout [UInt8]) {
    let headerOffset = buffer.count
    FrameEncoder.appendHeader(length: 0, to: &buffer)
    appendPayload(effect: effect, generation: generation, outputs: outputs, to: &buffer)
    FrameEncoder.patchHeader(length: buffer.count - headerOffset - Frame.headerLength, at: headerOffset, in: &buffer)
  }

  /// Appends the payload of that `finished` alone, without a frame header: what a transport that
  /// carries messages in its own envelopes (a stream entry) writes.
  public static func appendPayload(effect: EffectID, generation: UInt32, outputs: UInt64? = nil, to buffer: inout [UInt8]) {
    buffer.writeStatic(#"{"type":"finished","effect":"#)
    JSONWriting.appendInteger(effect, to: &buffer)
    buffer.writeStatic(#","generation":"#)
    JSONWriting.appendInteger(generation, to: &buffer)
    if let outputs {
      buffer.writeStatic(#","outputs":"#)
      JSONWriting.appendInteger(outputs, to: &buffer)
    }
    buffer.writeByte(UInt8(ascii: "}"))
  }
}
