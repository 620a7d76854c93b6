#if canImport(Glibc)
import Glibc
#endif
import SwitchyardWire

/// The reading half of a frame channel: reads what a non-blocking descriptor holds and splits it
/// into frame payloads, with the channel's frame limit.
///
/// Worker connections, the control server, the control client and the worker host all read
/// frames through it.
struct FrameReader {
  private(set) var decoder: FrameDecoder
  /// The last read's payloads, kept for its storage: a read of hundreds of frames would otherwise
  /// grow a new list through 1, 2, 4 and 8 KiB, and `malloc` sweeps its free lists at each.
  private var payloads: [ArraySlice<UInt8>] = []

  /// What one ``read(from:into:)`` found.
  enum Outcome {
    /// Complete payloads, in order; possibly none when only part of a frame arrived. Each is a
    /// slice of the reader's buffer: parse them and let the list go before the next read, which
    /// would otherwise copy the buffer and the list to keep them.
    case payloads([ArraySlice<UInt8>])
    /// Nothing to read right now.
    case wouldBlock
    /// The peer closed the stream; `leftover` is a partial frame it left behind, if any.
    case endOfStream(leftover: FrameError?)
    /// The stream lost its framing, after `payloads` that came before the bad frame.
    case broken(FrameError, payloads: [ArraySlice<UInt8>])
    /// The read failed.
    case failed(errno: Int32)
  }

  init(maxFrameLength: Int) {
    decoder = FrameDecoder(maxFrameLength: maxFrameLength)
  }

  /// Bytes of frames begun and not yet complete: what a peer makes the reader hold.
  var partialBytes: Int { decoder.bufferedByteCount }

  /// Reads once from `fd` into `buffer` (scratch space shared by the thread's readers) and returns
  /// the frames completed.
  mutating func read(from fd: Int32, into buffer: inout [UInt8]) -> Outcome {
    // Before the append: a slice still held would make the decoder copy its whole buffer.
    payloads.removeAll(keepingCapacity: true)
    let count = Glibc.read(fd, &buffer, buffer.count)
    if count < 0 {
      return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .wouldBlock : .failed(errno: errno)
    }
    guard count > 0 else {
      do {
        try decoder.finish()
        return .endOfStream(leftover: nil)
      } catch {
        return .endOfStream(leftover: error)
      }
    }
    buffer.withUnsafeBytes { decoder.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    do {
      while let payload = try decoder.nextSlice() { payloads.append(payload) }
    } catch {
      return .broken(error, payloads: payloads)
    }
    return .payloads(payloads)
  }
}
