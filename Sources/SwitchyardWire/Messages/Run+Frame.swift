extension Run {
  /// Appends the frame of a `run` whose job is already JSON, splicing `job` in as it is: the frame
  /// ``WorkerMessage/run(_:)`` writes for the same values, without turning the job into a
  /// ``JSONValue`` and back.
  ///
  /// The coordinator encodes each job once, straight to bytes, and sends those bytes on every
  /// attempt. `job` must be one complete JSON value.
  public static func appendFrame(
    effect: EffectID,
    generation: UInt32,
    kind: String,
    job: [UInt8],
    deadlineMillis: Int64?,
    attempt: Int,
    to buffer: inout [UInt8]
  ) {
    let headerOffset = buffer.count
    FrameEncoder.appendHeader(length: 0, to: &buffer)
    buffer.writeStatic(#"{"type":"run","effect":"#)
    JSONWriting.appendInteger(effect, to: &buffer)
    buffer.writeStatic(#","generation":"#)
    JSONWriting.appendInteger(generation, to: &buffer)
    buffer.writeStatic(#","kind":"#)
    JSONWriting.appendString(kind, to: &buffer)
    buffer.writeStatic(#","job":"#)
    buffer.append(contentsOf: job)
    if let deadlineMillis {
      buffer.writeStatic(#","deadlineMillis":"#)
      JSONWriting.appendInteger(deadlineMillis, to: &buffer)
    }
    buffer.writeStatic(#","attempt":"#)
    JSONWriting.appendInteger(attempt, to: &buffer)
    buffer.writeByte(UInt8(ascii: "}"))
    FrameEncoder.patchHeader(length: buffer.count - headerOffset - Frame.headerLength, at: headerOffset, in: &buffer)
  }
}
