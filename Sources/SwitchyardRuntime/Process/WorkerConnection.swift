#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import SwitchyardWire

/// The pipes to one worker process, served by one I/O thread with raw `read`/`write` and `poll`.
///
/// Raw syscalls on the pipe fds reach the machine's limit where `FileHandle` handlers and DispatchIO
/// are 4–6× slower. Each `read` yields every complete message it holds as one batch, so the
/// coordinator hops onto its executor once per batch, not once per frame. Writes never block the
/// caller: what the pipe cannot take now waits in an outbox the I/O thread flushes when writable.
/// When the worker's output ends, the thread reaps the process and reports how it ended.
final class WorkerConnection: Sendable {
  /// What the connection reports, each call from its I/O thread, in order.
  struct Handlers: Sendable {
    /// Decoded messages, in the order the worker wrote them.
    var messages: @Sendable ([WorkerMessage]) -> Void
    /// One line the worker wrote to its standard error.
    var log: @Sendable (String) -> Void
    /// The connection ended and the process has been reaped; called once, last.
    var closed: @Sendable (WorkerCloseReason, ExitStatus) -> Void
  }

  /// Bytes the pipe could not take yet; `isClosed` once the fds are gone, so no write can reach a
  /// reused descriptor.
  private struct Outbox {
    var pending: [UInt8] = []
    var isClosed = false
  }

  let process: ChildProcess
  private let outbox = Mutex(Outbox())
  private let reads = Atomic<UInt64>(0)
  private let wakeup: (read: Int32, write: Int32)
  private let maxFrameLength: Int

  init(process: ChildProcess, maxFrameLength: Int, handlers: Handlers) throws(ProcessError) {
    guard let wakeup = makePipe(flags: O_CLOEXEC | O_NONBLOCK) else { throw .pipeFailed(errno: errno) }
    self.process = process
    self.maxFrameLength = maxFrameLength
    self.wakeup = wakeup
    setNonBlocking(process.stdin)
    setNonBlocking(process.stderr)
    let thread = Thread { [self] in self.serve(handlers) }
    thread.name = "switchyard-worker-\(process.pid)"
    thread.start()
  }

  /// Queues `message` for the worker; never blocks.
  func send(_ message: WorkerMessage) {
    var bytes: [UInt8] = []
    message.appendFrame(to: &bytes)
    send(bytes)
  }

  /// Queues `bytes` (one or more encoded frames) for the worker; never blocks.
  func send(_ bytes: [UInt8]) {
    let needsWakeup = outbox.withLock { outbox -> Bool in
      guard !outbox.isClosed else { return false }
      guard outbox.pending.isEmpty else {
        outbox.pending.append(contentsOf: bytes)
        return false
      }
      let written = bytes.withUnsafeBytes { write(process.stdin, $0.baseAddress, $0.count) }
      if written == bytes.count { return false }
      outbox.pending.append(contentsOf: bytes[max(0, written)...])
      return true
    }
    if needsWakeup { wake() }
  }

  /// How many times the I/O thread has read from the worker: it changes whenever the worker said
  /// anything, even while the main actor is too busy to handle what it said.
  var readCount: UInt64 {
    reads.load(ordering: .relaxed)
  }

  /// How many bytes wait for the worker to read them.
  var pendingBytes: Int {
    outbox.withLock { $0.pending.count }
  }

  private func wake() {
    outbox.withLock { outbox in
      guard !outbox.isClosed else { return }
      var byte: UInt8 = 1
      _ = write(wakeup.write, &byte, 1)
    }
  }

  private func serve(_ handlers: Handlers) {
    var decoder = FrameDecoder(maxFrameLength: maxFrameLength)
    var stderrLine: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    var reason = WorkerCloseReason.endOfStream
    serving: while true {
      let wantsWrite = outbox.withLock { !$0.pending.isEmpty }
      var fds = [
        pollfd(fd: process.stdout, events: Int16(POLLIN), revents: 0),
        pollfd(fd: process.stderr, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wakeup.read, events: Int16(POLLIN), revents: 0),
        pollfd(fd: process.stdin, events: wantsWrite ? Int16(POLLOUT) : 0, revents: 0),
      ]
      guard poll(&fds, nfds_t(fds.count), -1) >= 0 || errno == EINTR else { break }

      if fds[1].revents != 0 {
        drainLog(into: &stderrLine, buffer: &buffer, handlers: handlers)
      }
      if fds[0].revents != 0 {
        let count = read(process.stdout, &buffer, buffer.count)
        if count < 0, errno == EINTR || errno == EAGAIN { continue }
        guard count > 0 else { break }
        reads.add(1, ordering: .relaxed)
        do {
          var messages: [WorkerMessage] = []
          buffer.withUnsafeBytes { decoder.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
          while let payload = try decoder.next() {
            messages.append(try WorkerMessage(payload: payload))
          }
          if !messages.isEmpty { handlers.messages(messages) }
        } catch {
          reason = .malformed("\(error)")
          process.kill()
          break serving
        }
      }
      if fds[2].revents != 0 {
        var signals = [UInt8](repeating: 0, count: 64)
        _ = read(wakeup.read, &signals, signals.count)
      }
      if fds[3].revents & Int16(POLLOUT) != 0 { flushOutbox() }
      if fds[3].revents & Int16(POLLERR | POLLHUP) != 0 { outbox.withLock { $0.pending.removeAll() } }
    }
    outbox.withLock { $0.isClosed = true }
    let status = process.reap(patience: .milliseconds(200))
    // The process is gone: whatever it wrote to standard error last (a crash report) is complete.
    drainLog(into: &stderrLine, buffer: &buffer, handlers: handlers)
    if !stderrLine.isEmpty { handlers.log(String(decoding: stderrLine, as: UTF8.self)) }
    close(process.stdin)
    close(process.stdout)
    close(process.stderr)
    close(wakeup.read)
    close(wakeup.write)
    handlers.closed(reason, status)
  }

  private func drainLog(into line: inout [UInt8], buffer: inout [UInt8], handlers: Handlers) {
    while true {
      let count = read(process.stderr, &buffer, buffer.count)
      guard count > 0 else { return }
      line.append(contentsOf: buffer[..<count])
      while let newline = line.firstIndex(of: UInt8(ascii: "\n")) {
        handlers.log(String(decoding: line[..<newline], as: UTF8.self))
        line.removeSubrange(...newline)
      }
    }
  }

  private func flushOutbox() {
    outbox.withLock { outbox in
      let written = outbox.pending.withUnsafeBytes { write(process.stdin, $0.baseAddress, $0.count) }
      if written > 0 { outbox.pending.removeFirst(written) }
    }
  }
}
