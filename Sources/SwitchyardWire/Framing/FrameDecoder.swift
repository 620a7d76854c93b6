/// Splits a byte stream into frame payloads, whatever chunks the bytes arrive in.
///
/// Feed it every read with ``append(_:)`` and drain it with ``next()`` until that returns `nil`;
/// at end of stream call ``finish()`` to learn whether the peer stopped mid-frame. A length prefix
/// is checked against the limit as soon as its 4 bytes are in, so an oversized frame is refused
/// before its payload is buffered. After an error the stream has lost its framing: every later
/// call to ``next()`` throws the same error.
public struct FrameDecoder: Sendable {
  /// The largest payload this decoder accepts.
  public let maxFrameLength: Int

  private var buffer: [UInt8] = []
  private var readIndex = 0
  private var failure: FrameError?

  /// Creates a decoder that refuses payloads longer than `maxFrameLength` bytes.
  public init(maxFrameLength: Int = Frame.defaultMaxLength) {
    self.maxFrameLength = maxFrameLength
  }

  /// The number of bytes received but not yet returned as part of a frame.
  public var bufferedByteCount: Int { buffer.count - readIndex }

  /// Adds bytes read from the stream.
  public mutating func append(_ bytes: UnsafeRawBufferPointer) {
    compactIfWorthwhile(adding: bytes.count)
    buffer.append(contentsOf: bytes)
  }

  /// Adds bytes read from the stream.
  public mutating func append(contentsOf bytes: some Sequence<UInt8>) {
    compactIfWorthwhile(adding: bytes.underestimatedCount)
    buffer.append(contentsOf: bytes)
  }

  /// Returns the next complete payload, or `nil` when more bytes are needed.
  public mutating func next() throws(FrameError) -> [UInt8]? {
    try nextSlice().map(Array.init)
  }

  /// Returns the next complete payload as a slice of the decoder's own buffer, without copying
  /// it, or `nil` when more bytes are needed.
  ///
  /// For a reader that parses each payload before it reads again: drop the slice before the next
  /// ``append(_:)``, which would otherwise copy the whole buffer to keep the slice intact.
  public mutating func nextSlice() throws(FrameError) -> ArraySlice<UInt8>? {
    if let failure { throw failure }
    let available = buffer.count - readIndex
    guard available >= Frame.headerLength else { return nil }
    let length = headerLength(at: readIndex)
    if length == 0 {
      failure = .emptyFrame
      throw .emptyFrame
    }
    if length > maxFrameLength {
      let error = FrameError.lengthOverLimit(length: length, limit: maxFrameLength)
      failure = error
      throw error
    }
    guard available - Frame.headerLength >= length else { return nil }
    let start = readIndex + Frame.headerLength
    readIndex = start + length
    // The next append empties or compacts the buffer, once the caller has let go of the slice.
    return buffer[start..<readIndex]
  }

  /// Checks, at end of stream, that no partial frame is left.
  ///
  /// Call it once the peer has closed and ``next()`` has returned `nil`.
  public func finish() throws(FrameError) {
    if let failure { throw failure }
    let available = buffer.count - readIndex
    guard available > 0 else { return }
    guard available >= Frame.headerLength else { throw .truncatedHeader(received: available) }
    let length = headerLength(at: readIndex)
    throw .truncatedPayload(expected: length, received: available - Frame.headerLength)
  }

  private func headerLength(at index: Int) -> Int {
    Int(buffer[index]) << 24 | Int(buffer[index + 1]) << 16 | Int(buffer[index + 2]) << 8
      | Int(buffer[index + 3])
  }

  /// Drops consumed bytes when they are at least half the buffer, so the buffer stays bounded by
  /// about twice the largest frame and each byte is moved at most once on average.
  private mutating func compactIfWorthwhile(adding count: Int) {
    guard readIndex > 0 else { return }
    if readIndex == buffer.count {
      buffer.removeAll(keepingCapacity: true)
      readIndex = 0
    } else if readIndex >= buffer.count - readIndex || buffer.count + count > buffer.capacity {
      buffer.removeSubrange(0..<readIndex)
      readIndex = 0
    }
  }
}
