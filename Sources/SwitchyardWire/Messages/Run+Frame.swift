extension Run {
  /// The deepest job a `run` frame can carry: the frame's own object is one level more, and a
  /// receiver refuses a payload deeper than its decoder's limit.
  public static let maxJobDepth = WireJSONDecoder().maxDepth - 1

  /// The longest job, in bytes, a `run` frame of at most `maxFrameLength` bytes can carry, with
  /// room for the rest of the frame (its kind and affinity key included).
  public static func maxJobLength(maxFrameLength: Int, kind: String, affinity: String? = nil) -> Int {
    // {"type":"run","effect":<20>,"generation":<10>,"kind":"…","job":…,"deadlineMillis":<20>,"attempt":<20>,"delivered":<20>}
    let fixed = #"{"type":"run","effect":,"generation":,"kind":"","job":,"deadlineMillis":,"attempt":,"delivered":}"#.utf8.count
    let affinityLength = affinity.map { #","affinity":"""#.utf8.count + $0.utf8.count * 6 } ?? 0
    return maxFrameLength - (fixed + 20 + 10 + 20 + 20 + 20 + kind.utf8.count * 6 + affinityLength)
  }

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
    delivered: UInt64? = nil,
    affinity: String? = nil,
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
    if let delivered {
      buffer.writeStatic(#","delivered":"#)
      JSONWriting.appendInteger(delivered, to: &buffer)
    }
    if let affinity {
      buffer.writeStatic(#","affinity":"#)
      JSONWriting.appendString(affinity, to: &buffer)
    }
    buffer.writeByte(UInt8(ascii: "}"))
    FrameEncoder.patchHeader(length: buffer.count - headerOffset - Frame.headerLength, at: headerOffset, in: &buffer)
  }
}
