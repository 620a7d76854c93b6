#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Writes frames to a descriptor from one thread, coalescing everything queued meanwhile into one
/// `write`.
///
/// Handlers emit from many tasks at once; appending to a buffer under a lock is all they pay, and
/// under load a single `write` carries many frames.
final class FrameWriter: @unchecked Sendable {
  // Guards every stored property below.
  private let condition = NSCondition()
  private var pending: [UInt8] = []
  private var isWriting = false
  private let fd: Int32
  private let onBrokenPipe: @Sendable () -> Void

  /// Starts the writer thread for `fd`; `onBrokenPipe` runs when the reader is gone.
  init(fd: Int32, onBrokenPipe: @escaping @Sendable () -> Void) {
    self.fd = fd
    self.onBrokenPipe = onBrokenPipe
    let thread = Thread { [self] in self.serve() }
    thread.name = "switchyard-writer"
    thread.start()
  }

  /// Queues the frame of `message`.
  func enqueue(_ message: some FrameAppending) {
    condition.lock()
    let wasEmpty = pending.isEmpty
    message.appendFrame(to: &pending)
    if wasEmpty { condition.signal() }
    condition.unlock()
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
    while !pending.isEmpty || isWriting { condition.wait() }
    condition.unlock()
  }

  private func serve() {
    var batch: [UInt8] = []
    while true {
      condition.lock()
      while pending.isEmpty {
        isWriting = false
        condition.broadcast()
        condition.wait()
      }
      swap(&batch, &pending)
      isWriting = true
      condition.unlock()
      let ok = batch.withUnsafeBytes { writeAll(fd, $0) }
      guard ok else { return onBrokenPipe() }
      batch.removeAll(keepingCapacity: true)
    }
  }
}
