#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Writes frames to a non-blocking descriptor: directly from the caller while the pipe has room,
/// otherwise from one thread that coalesces everything queued meanwhile into one `write`.
///
/// The direct write saves waking a thread per frame, which is most of a round trip's latency; when
/// the reader falls behind, frames pile up and leave many to a `write`.
final class FrameWriter: ReplyWriter, @unchecked Sendable {
  /// How many held bytes are written before the hold ends: a quarter of a Linux pipe's buffer.
  static let sliceBytes = 16 * 1024

  // Guards every stored property below.
  private let condition = NSCondition()
  private var pending: [UInt8] = []
  private var isWriting = false
  private var holds = 0
  /// How many `flush` calls wait for the queue to empty: only they need waking when a hold ends.
  private var flushers = 0
  /// Set when a slice written during a hold found the pipe full.
  private var pipeFilledDuringHold = false
  private var scratch: [UInt8] = []
  private let fd: Int32
  private let onBrokenPipe: @Sendable () -> Void

  /// Starts the writer thread for `fd`, made non-blocking; `onBrokenPipe` runs when the reader is gone.
  init(fd: Int32, onBrokenPipe: @escaping @Sendable () -> Void) {
    self.fd = fd
    self.onBrokenPipe = onBrokenPipe
    setNonBlocking(fd)
    Thread.detachNewThread(named: "sy-writer") { [self] in self.serve() }
  }

  /// Queues the frame of `message`, writing it at once if nothing is ahead of it and no one holds
  /// the writer.
  func enqueue(_ message: some FrameAppending) {
    append(message)
  }

  /// Queues the frame of `reply`, as ``enqueue(_:)-(FrameAppending)`` does.
  func enqueue(_ reply: WorkerReply) {
    append(reply)
  }

  private func append(_ message: some FrameAppending) {
    condition.lock()
    defer { condition.unlock() }
    guard pending.isEmpty, !isWriting, holds == 0 else {
      message.appendFrame(to: &pending)
      // A long hold (a read of hundreds of jobs) lets its frames leave in slices, so the
      // coordinator reduces the first outputs while this worker runs the rest.
      // Once the pipe is full, the rest waits for the hold's end rather than retrying each frame.
      if holds > 0, !isWriting, !pipeFilledDuringHold, pending.count >= Self.sliceBytes {
        pipeFilledDuringHold = !writePending()
      }
      return
    }
    scratch.removeAll(keepingCapacity: true)
    message.appendFrame(to: &scratch)
    writeDirectly(scratch)
  }

  /// Keeps frames queued until the matching ``release()``, so those written meanwhile leave
  /// together in one `write` instead of one each.
  func hold() {
    condition.lock()
    holds += 1
    condition.unlock()
  }

  /// Ends a ``hold()``, writing what it kept back.
  func release() {
    condition.lock()
    defer { condition.unlock() }
    holds -= 1
    guard holds == 0 else { return }
    pipeFilledDuringHold = false
    guard !pending.isEmpty, !isWriting else { return }
    writePending()
    // Waking the condition with no flush waiting would wake the idle writer thread for nothing: a
    // futex call and two context switches per read, on the core the reading thread needs.
    if flushers > 0 { condition.broadcast() }
  }

  /// Writes what is queued from the caller, returning whether all of it was written; the lock is
  /// held and the writer thread is not writing.
  @discardableResult
  private func writePending() -> Bool {
    swap(&scratch, &pending)
    pending.removeAll(keepingCapacity: true)
    return writeDirectly(scratch)
  }

  /// Writes `bytes` from the caller, leaving what the pipe cannot take to the writer thread; the
  /// lock is held and nothing is queued ahead of them.
  @discardableResult
  private func writeDirectly(_ bytes: [UInt8]) -> Bool {
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    if written == bytes.count { return true }
    if written < 0, errno != EAGAIN, errno != EINTR {
      onBrokenPipe()
      return true
    }
    pending.append(contentsOf: bytes[max(0, written)...])
    // Both the writer thread and a `flush` may wait on the condition: wake the writer for certain.
    condition.broadcast()
    return false
  }

  /// How many bytes wait to be written.
  var pendingBytes: Int {
    condition.lock()
    defer { condition.unlock() }
    return pending.count
  }

  /// Blocks until everything queued so far has been written.
  func flush() {
    condition.lock()
    flushers += 1
    while !pending.isEmpty || isWriting { condition.wait() }
    flushers -= 1
    condition.unlock()
  }

  private func serve() {
    var batch: [UInt8] = []
    while true {
      condition.lock()
      while pending.isEmpty || holds > 0 {
        isWriting = false
        if flushers > 0 { condition.broadcast() }
        condition.wait()
      }
      swap(&batch, &pending)
      isWriting = true
      condition.unlock()
      guard writeWaiting(batch) else { return onBrokenPipe() }
      batch.removeAll(keepingCapacity: true)
    }
  }

  /// Writes all of `bytes`, waiting with `poll` whenever the pipe is full.
  private func writeWaiting(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
      if written >= 0 {
        offset += written
      } else if errno == EAGAIN {
        var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        _ = poll(&pfd, 1, -1)
      } else if errno != EINTR {
        return false
      }
    }
    return true
  }
}
