#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The writing half of a frame channel on a non-blocking descriptor (a pipe or a socket): frames
/// are written at once from any thread while the descriptor takes them, and otherwise wait in a
/// bounded ``OutboundQueue`` that the channel's I/O thread writes when `poll` says it can.
///
/// Worker connections and control-socket clients share it, so both have the same write-now-else-
/// queue logic and the same bound on what a slow reader can make the coordinator hold.
final class FrameChannel: Sendable {
  /// What ``send(_:)`` did with the bytes.
  enum SendOutcome: Equatable {
    /// Written, or queued behind frames the I/O thread is already waiting to write.
    case sent
    /// Queued, and the queue was empty: wake the I/O thread to watch for the descriptor to drain.
    case queuedWakeIOThread
    /// Refused: the reader has left more than the channel's limit unread. Drop the peer.
    case overLimit
    /// Refused: the channel is closed.
    case closed
  }

  private struct Output: ~Copyable {
    var queue: OutboundQueue
    var isClosed = false
  }

  /// The descriptor frames are written to; the channel never closes it.
  let fd: Int32
  private let output: Mutex<Output>

  /// A channel writing to `fd`, made non-blocking, holding at most `outboundLimit` unwritten bytes.
  init(writingTo fd: Int32, outboundLimit: Int) {
    self.fd = fd
    self.output = Mutex(Output(queue: OutboundQueue(limit: outboundLimit)))
    setNonBlocking(fd)
  }

  /// Writes `bytes` (whole frames) now if nothing waits ahead of them, else queues them.
  func send(_ bytes: [UInt8]) -> SendOutcome {
    output.withLock { output -> SendOutcome in
      guard !output.isClosed else { return .closed }
      guard output.queue.isEmpty else { return output.queue.append(bytes) ? .sent : .overLimit }
      let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if written == bytes.count { return .sent }
      if written < 0, errno != EAGAIN, errno != EINTR {
        // The reader is gone; the I/O thread sees the same on its side and ends the channel.
        return .sent
      }
      let rest = Array(bytes[max(0, written)...])
      return output.queue.append(rest) ? .queuedWakeIOThread : .overLimit
    }
  }

  /// Whether frames wait for the descriptor: the I/O thread polls for `POLLOUT` while they do.
  var wantsWrite: Bool {
    output.withLock { !$0.queue.isEmpty }
  }

  /// How many bytes wait for the reader.
  var pendingBytes: Int {
    output.withLock { $0.queue.byteCount }
  }

  /// Writes what is queued, from the I/O thread once the descriptor is writable.
  func flush() -> OutboundQueue.WriteOutcome {
    output.withLock { output in
      guard !output.isClosed else { return .drained }
      return output.queue.write(to: fd)
    }
  }

  /// Runs `body` under the channel's lock unless the channel is closed: for signalling an I/O
  /// thread through a descriptor that is closed only after the channel.
  func ifOpen(_ body: () -> Void) {
    output.withLock { output in
      guard !output.isClosed else { return }
      body()
    }
  }

  /// Drops everything queued and, where the stream is at a frame boundary, tries once to write
  /// `farewell` (an error frame saying why the peer is being dropped); then refuses all sends.
  func close(farewell: [UInt8]? = nil) {
    output.withLock { output in
      guard !output.isClosed else { return }
      output.isClosed = true
      if let farewell, output.queue.isAtFrameBoundary {
        _ = farewell.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      }
      output.queue.removeAll()
    }
  }
}
