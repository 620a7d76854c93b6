#if canImport(Glibc)
import Glibc
#endif

/// Bytes waiting for a descriptor that could not take them yet, as a queue of whole frames with
/// O(1) appends and O(1) consumption, bounded in bytes.
///
/// A partly written frame stays at the head with an offset instead of shifting every byte behind
/// it, which made a slow reader's backlog quadratic.
struct OutboundQueue {
  /// The most bytes the queue holds; an append beyond it is refused.
  let limit: Int
  private var frames: [[UInt8]] = []
  private var head = 0
  private var headOffset = 0
  /// Bytes queued and not yet written.
  private(set) var byteCount = 0

  init(limit: Int) {
    self.limit = limit
  }

  var isEmpty: Bool { byteCount == 0 }

  /// Whether the next byte to write starts a frame, so another frame may be written before it
  /// without breaking the stream.
  var isAtFrameBoundary: Bool { headOffset == 0 }

  /// Queues `bytes` (whole frames); returns `false`, queueing nothing, if that would pass the limit.
  mutating func append(_ bytes: [UInt8]) -> Bool {
    guard !bytes.isEmpty else { return true }
    guard byteCount + bytes.count <= limit else { return false }
    frames.append(bytes)
    byteCount += bytes.count
    return true
  }

  /// Forgets everything queued.
  mutating func removeAll() {
    frames.removeAll()
    head = 0
    headOffset = 0
    byteCount = 0
  }

  /// What one attempt to write the queue did.
  enum WriteOutcome: Equatable {
    /// Everything queued was written.
    case drained
    /// The descriptor is full; the rest waits for it to be writable.
    case pending
    /// The descriptor failed (the peer is gone); `errno` says why.
    case failed(errno: Int32)
  }

  /// Writes as much as `fd` takes now, frame by frame from the head.
  mutating func write(to fd: Int32) -> WriteOutcome {
    while !isEmpty {
      let offset = headOffset
      let written = frames[head].withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
      if written < 0 {
        if errno == EINTR { continue }
        if errno == EAGAIN || errno == EWOULDBLOCK { return .pending }
        return .failed(errno: errno)
      }
      if written == 0 { return .pending }
      consume(written)
    }
    return .drained
  }

  private mutating func consume(_ count: Int) {
    var remaining = count
    byteCount -= count
    while remaining > 0 {
      let left = frames[head].count - headOffset
      if remaining < left {
        headOffset += remaining
        return
      }
      remaining -= left
      frames[head] = []
      head += 1
      headOffset = 0
    }
    // Dropping written frames once they are half the array keeps each one moved at most once.
    if head == frames.count {
      frames.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= frames.count / 2 {
      frames.removeSubrange(0..<head)
      head = 0
    }
  }
}
