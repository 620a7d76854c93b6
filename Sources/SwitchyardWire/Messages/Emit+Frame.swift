extension Emit {
  /// Appends the frame of an `emit` whose output is already JSON, splicing `output` in as it is:
  /// the frame ``WorkerMessage/emit(_:)`` writes for the same values, without turning the output
  /// into a ``JSONValue`` and back.
  ///
  /// A worker encodes each output once, straight to bytes. `output` must be one complete JSON value.
  public static func appendFrame(
    effect: EffectID,
    generation: UInt32,
    output: [UInt8],
    sequence: UInt64? = nil,
    to buffer: inout [UInt8]
  ) {
    let headerOffset = buffer.count
    FrameEncoder.appendHeader(length: 0, to: &buffer)
    appendPayload(effect: effect, generation: generation, output: output, sequence: sequence, to: &buffer)
    FrameEncoder.patchHeader(length: buffer.count - headerOffset - Frame.headerLength, at: headerOffset, in: &buffer)
  }

  /// Appends the payload of that `emit` alone, without a frame header: what a transport that
  /// carries messages in its own envelopes (a stream entry) writes.
  public static func appendPayload(
    effect: EffectID,
    generation: UInt32,
    output: [UInt8],
    sequence: UInt64? = nil,
    to buffer: inout [UInt8]
  ) {
    buffer.writeStatic(#"{"type":"emit","effect":"#)
    JSONWriting.appendInteger(effect, to: &buffer)
    buffer.writeStatic(#","generation":"#)
    JSONWriting.appendInteger(generation, to: &buffer)
    buffer.writeStatic(#","output":"#)
    buffer.append(contentsOf: output)
    if let sequence {
      buffer.writeStatic(#","sequence":"#)
      JSONWriting.appendInteger(sequence, to: &buffer)
    }
    buffer.writeByte(UInt8(ascii: "}"))
  }

  /// The largest output an `emit` can carry in a frame of at most `maxFrameLength` bytes, whatever
  /// its effect and generation: a worker refuses a larger output instead of writing a frame its
  /// coordinator must refuse.
  public static func maxOutputLength(maxFrameLength: Int) -> Int {
    // {"type":"emit","effect":<20 digits>,"generation":<10 digits>,"output":…,"sequence":<20 digits>}
    maxFrameLength - (#"{"type":"emit","effect":,"generation":,"output":,"sequence":}"#.utf8.count + 20 + 10 + 20)
  }
}
