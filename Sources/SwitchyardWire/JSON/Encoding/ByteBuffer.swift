/// A growable byte buffer in manual memory, for the encoder's many one-byte writes: an append is
/// a bounds check and a store, without the uniqueness check an array's append makes.
///
/// Its owner calls ``deallocate()`` exactly once.
struct ByteBuffer: JSONSink {
  private(set) var base: UnsafeMutablePointer<UInt8>
  private(set) var count = 0
  private(set) var capacity: Int

  init(capacity: Int) {
    self.capacity = max(capacity, 16)
    base = .allocate(capacity: self.capacity)
  }

  func deallocate() { base.deallocate() }

  /// Forgets what was written, keeping the memory.
  mutating func removeAll() { count = 0 }

  /// The bytes written so far, valid until the next write.
  var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

  @inline(__always)
  mutating func writeByte(_ byte: UInt8) {
    if count == capacity { grow(toHold: count + 1) }
    base[count] = byte
    count += 1
  }

  @inline(__always)
  mutating func writeBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    let length = bytes.count
    if count + length > capacity { grow(toHold: count + length) }
    if length <= 16 {
      // Keys and numbers are short; a loop beats a call to memmove for them.
      for offset in 0..<length { base[count + offset] = source[offset] }
    } else {
      (base + count).update(from: source, count: length)
    }
    count += length
  }

  private mutating func grow(toHold needed: Int) {
    let newCapacity = max(capacity * 2, needed)
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    grown.update(from: base, count: count)
    base.deallocate()
    base = grown
    capacity = newCapacity
  }
}
