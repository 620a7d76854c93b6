#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import SwitchyardNet

/// `SIGINT` and `SIGTERM` as a stream of signal numbers, none of them lost: what a process that
/// shuts down in order on either waits for.
///
/// Not `DispatchSource.makeSignalSource` with the signal set to `SIG_IGN`, the usual recipe, which
/// lost signals on Linux. There libdispatch reads signals from a `signalfd`, which sees only
/// blocked ones, and installs its own handler only when it registers the source, asynchronously:
/// in a coordinator that was at times after the control socket had opened (seen in
/// `/proc/PID/status`). Until then the disposition is `SIG_IGN`, and the kernel discards an
/// ignored signal as it is sent unless the main thread blocks it, so a `SIGTERM` sent once the
/// socket appeared vanished about one time in thirty and the coordinator ran on. A handler is
/// never discarded: it writes the signal's number to a pipe (`write` is async-signal-safe), and a
/// thread of its own reads the pipe and hands each number to every stream.
package struct TerminationSignals: Sendable {
  /// Every `SIGINT` and `SIGTERM` the process receives from this value's creation on, until
  /// ``finish()``.
  package let received: AsyncStream<Int32>
  private let continuation: AsyncStream<Int32>.Continuation

  private static let numbers = [SIGINT, SIGTERM]
  private static let subscribers = Mutex<[UInt64: AsyncStream<Int32>.Continuation]>([:])
  private static let nextSubscriber = Atomic<UInt64>(0)
  /// Installs the handler the first time it is read, then stays: a process-wide disposition.
  private static let installation: Void = install()

  /// Starts receiving `SIGINT` and `SIGTERM`.
  ///
  /// The first in a process installs the handler and unblocks both signals on the calling thread
  /// (an environment may hand them blocked); from then on neither kills the process. Every value
  /// receives every signal.
  package init() {
    (received, continuation) = AsyncStream.makeStream(of: Int32.self)
    let id = Self.nextSubscriber.add(1, ordering: .relaxed).newValue
    continuation.onTermination = { _ in _ = Self.subscribers.withLock { $0.removeValue(forKey: id) } }
    Self.subscribers.withLock { $0[id] = continuation }
    // Subscribed first: the reader hands a signal only to the streams it knows, and one may
    // arrive the moment the handler is installed.
    _ = Self.installation
  }

  /// Ends ``received``; the handler stays, so the signals still do not kill the process.
  package func finish() {
    continuation.finish()
  }

  private static func install() {
    // Close-on-exec: a child must not inherit either end. Only the writing end is non-blocking:
    // a full pipe already holds a number to read, so a handler drops the byte rather than block.
    guard let pipe = makePipe() else {
      // Without the pipe the signals keep their default action: they end the process at once
      // instead of in order, but they are not lost.
      let reason = ProcessError.pipeFailed(errno: errno)
      FileHandle.standardError.write(Data("switchyard: SIGINT and SIGTERM will stop this process abruptly. \(reason)\n".utf8))
      return
    }
    _ = fcntl(pipe.write, F_SETFL, fcntl(pipe.write, F_GETFL) | O_NONBLOCK)
    signalPipe.store(pipe.write, ordering: .sequentiallyConsistent)

    Thread.detachNewThread(named: "sy-signals") { deliver(readingFrom: pipe.read) }

    var action = sigaction()
    action.__sigaction_handler.sa_handler = writeSignalNumber
    sigemptyset(&action.sa_mask)
    // Interrupted reads and writes elsewhere resume instead of failing with EINTR.
    action.sa_flags = SA_RESTART
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    for number in numbers {
      sigaction(number, &action, nil)
      sigaddset(&unblocked, number)
    }
    pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
  }

  private static func deliver(readingFrom descriptor: Int32) {
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return }
      let continuations = subscribers.withLock { Array($0.values) }
      for number in buffer.prefix(count) {
        for continuation in continuations { continuation.yield(Int32(number)) }
      }
    }
  }
}

/// The writing end of ``TerminationSignals``' pipe, -1 until it is installed; an atomic because a
/// signal handler reads it, and may read nothing else that could be mid-change.
private let signalPipe = Atomic<Int32>(-1)

/// The signal handler: captures nothing and calls only `write`, so it is async-signal-safe.
private func writeSignalNumber(_ number: Int32) {
  let savedErrno = errno
  var byte = UInt8(truncatingIfNeeded: number)
  _ = write(signalPipe.load(ordering: .sequentiallyConsistent), &byte, 1)
  errno = savedErrno
}
