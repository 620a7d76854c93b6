#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import SwitchyardWire
import SwitchyardNet

/// The pipes to one worker process, served by one I/O thread with raw `read`/`write` and `poll`:
/// the ``WorkerLink`` of ``PipeTransport``.
///
/// Raw syscalls on the pipe fds reach the machine's limit where `FileHandle` handlers and DispatchIO
/// are 4–6× slower. Each `read` yields every complete message it holds as one batch, so the
/// coordinator hops onto its executor once per batch, not once per frame. Writes never block the
/// caller: what the pipe cannot take now waits in the ``FrameChannel`` the I/O thread flushes when
/// writable.
/// When the worker's output ends, the thread reaps the process and reports how it ended.
final class WorkerConnection: Sendable {
  let process: ChildProcess
  private let channel: FrameChannel
  private let reads = Atomic<UInt64>(0)
  private let wakeup: (read: Int32, write: Int32)
  private let maxFrameLength: Int

  init(process: ChildProcess, maxFrameLength: Int, events handlers: WorkerLinkEvents) throws(ProcessError) {
    guard let wakeup = makePipe(flags: O_CLOEXEC | O_NONBLOCK) else { throw .pipeFailed(errno: errno) }
    self.process = process
    self.maxFrameLength = maxFrameLength
    self.wakeup = wakeup
    // A worker that stops reading is caught by its heartbeat, not by a byte limit.
    self.channel = FrameChannel(writingTo: process.stdin, outboundLimit: .max)
    setNonBlocking(process.stderr)
    Thread.detachNewThread(named: "sy-io-\(process.pid)") { [self] in self.serve(handlers) }
  }

  /// Queues `bytes` (one or more encoded frames) for the worker; never blocks.
  func send(_ bytes: [UInt8]) {
    if channel.send(bytes) == .queuedWakeIOThread { wake() }
  }

  /// How many times the I/O thread has read from the worker: it changes whenever the worker said
  /// anything, even while the main actor is too busy to handle what it said.
  var readCount: UInt64 {
    reads.load(ordering: .relaxed)
  }

  /// How many bytes wait for the worker to read them.
  var pendingBytes: Int {
    channel.pendingBytes
  }

  private func wake() {
    // The wakeup pipe is closed only after the channel, so its descriptor is still ours here.
    channel.ifOpen {
      var byte: UInt8 = 1
      _ = write(wakeup.write, &byte, 1)
    }
  }

  private func serve(_ handlers: WorkerLinkEvents) {
    var reader = FrameReader(maxFrameLength: maxFrameLength)
    var stderrLine: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    var reason = WorkerCloseReason.endOfStream
    serving: while true {
      var fds = [
        pollfd(fd: process.stdout, events: Int16(POLLIN), revents: 0),
        pollfd(fd: process.stderr, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wakeup.read, events: Int16(POLLIN), revents: 0),
        pollfd(fd: process.stdin, events: channel.wantsWrite ? Int16(POLLOUT) : 0, revents: 0),
      ]
      guard poll(&fds, nfds_t(fds.count), -1) >= 0 || errno == EINTR else { break }

      if fds[1].revents != 0 {
        drainLog(into: &stderrLine, buffer: &buffer, handlers: handlers)
      }
      if fds[0].revents != 0 {
        let payloads: [ArraySlice<UInt8>]
        switch reader.read(from: process.stdout, into: &buffer) {
        case .wouldBlock: continue
        case .endOfStream, .failed: break serving
        case let .payloads(read): payloads = read
        case let .broken(error, read):
          let messages = decode(read, reason: &reason, handlers: handlers)
          if !messages.isEmpty { handlers.messages(messages) }
          reason = .malformed("\(error)")
          process.kill()
          break serving
        }
        reads.add(1, ordering: .relaxed)
        let messages = decode(payloads, reason: &reason, handlers: handlers)
        if !messages.isEmpty { handlers.messages(messages) }
        if case .malformed = reason {
          process.kill()
          break serving
        }
      }
      if fds[2].revents != 0 {
        var signals = [UInt8](repeating: 0, count: 64)
        _ = read(wakeup.read, &signals, signals.count)
      }
      if fds[3].revents & Int16(POLLOUT) != 0, case .failed = channel.flush() { channel.close() }
      if fds[3].revents & Int16(POLLERR | POLLHUP) != 0 { channel.close() }
    }
    channel.close()
    let status = process.reap(patience: .milliseconds(200))
    // The process is gone: whatever it wrote to standard error last (a crash report) is complete.
    drainLog(into: &stderrLine, buffer: &buffer, handlers: handlers)
    if !stderrLine.isEmpty { handlers.log(process.pid, LogEvent(workerLine: String(decoding: stderrLine, as: UTF8.self))) }
    close(process.stdin)
    close(process.stdout)
    close(process.stderr)
    close(wakeup.read)
    close(wakeup.write)
    handlers.closed(reason, status)
  }

  /// The messages `payloads` hold, up to the first that is not one; that one sets `reason`. A
  /// well-formed object that is not a message is logged and dropped (see
  /// ``WireError/isMessageLevel``).
  private func decode(_ payloads: [ArraySlice<UInt8>], reason: inout WorkerCloseReason, handlers: WorkerLinkEvents) -> [WorkerMessage] {
    var messages: [WorkerMessage] = []
    messages.reserveCapacity(payloads.count)
    for payload in payloads {
      do {
        messages.append(try WorkerMessage(payload: payload))
      } catch where error.isMessageLevel {
        handlers.log(process.pid, .warning("dropped a message the coordinator does not understand (\(error))"))
      } catch {
        reason = .malformed("\(error)")
        break
      }
    }
    return messages
  }

  private func drainLog(into line: inout [UInt8], buffer: inout [UInt8], handlers: WorkerLinkEvents) {
    while true {
      let count = read(process.stderr, &buffer, buffer.count)
      guard count > 0 else { return }
      line.append(contentsOf: buffer[..<count])
      while let newline = line.firstIndex(of: UInt8(ascii: "\n")) {
        handlers.log(process.pid, LogEvent(workerLine: String(decoding: line[..<newline], as: UTF8.self)))
        line.removeSubrange(...newline)
      }
    }
  }
}
