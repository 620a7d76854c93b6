/// Writes frames: the length prefix, then the payload, appended to a caller-owned buffer.
///
/// Appending rather than returning lets a writer coalesce many frames into one `write(2)`.
public enum FrameEncoder {
  /// Appends one frame holding `payload` to `buffer`.
  ///
  /// Throws ``FrameError/emptyFrame`` for an empty payload and ``FrameError/lengthOverLimit(length:limit:)``
  /// when the receiver would refuse it, leaving `buffer` untouched.
  public static func append(
    payload: some Collection<UInt8>,
    to buffer: inout [UInt8],
    maxFrameLength: Int = Frame.defaultMaxLength
  ) throws(FrameError) {
    let length = payload.count
    guard length > 0 else { throw .emptyFrame }
    guard length <= maxFrameLength, length <= Int(UInt32.max) else {
      throw .lengthOverLimit(length: length, limit: min(maxFrameLength, Int(UInt32.max)))
    }
    buffer.reserveCapacity(buffer.count + Frame.headerLength + length)
    appendHeader(length: length, to: &buffer)
    buffer.append(contentsOf: payload)
  }

  /// Appends the big-endian length prefix; the caller guarantees `length` fits in 32 bits.
  static func appendHeader(length: Int, to buffer: inout [UInt8]) {
    let value = UInt32(truncatingIfNeeded: length)
    buffer.append(UInt8(truncatingIfNeeded: value >> 24))
    buffer.append(UInt8(truncatingIfNeeded: value >> 16))
    buffer.append(UInt8(truncatingIfNeeded: value >> 8))
    buffer.append(UInt8(truncatingIfNeeded: value))
  }

  /// Overwrites the 4 bytes at `offset` with a big-endian `length`, for frames whose payload was
  /// written in place after a placeholder header.
  static func patchHeader(length: Int, at offset: Int, in buffer: inout [UInt8]) {
    let value = UInt32(truncatingIfNeeded: length)
    buffer[offset] = UInt8(truncatingIfNeeded: value >> 24)
    buffer[offset + 1] = UInt8(truncatingIfNeeded: value >> 16)
    buffer[offset + 2] = UInt8(truncatingIfNeeded: value >> 8)
    buffer[offset + 3] = UInt8(truncatingIfNeeded: value)
  }
}
