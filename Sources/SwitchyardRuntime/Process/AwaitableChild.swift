#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A child process whose exit can be waited for with a deadline: Foundation's `Process` or a
/// ``SpawnedProcess``.
package protocol AwaitableChild: AnyObject {
  /// Whether it has not exited yet.
  var isRunning: Bool { get }
  /// Its exit status, or the number of the signal that ended it; valid once it has exited.
  var terminationStatus: Int32 { get }
  /// Sends `signal` to it, unless it has already exited.
  func send(_ signal: Int32)
  /// Blocks up to `seconds` until it has exited; whether it did.
  ///
  /// Use this, not `waitUntilExit()`: on Linux that runs the calling thread's run loop, which has
  /// no sources and returns at once, so it spins a whole CPU until Foundation reaps the child; on
  /// one of Swift concurrency's few threads it also starves every task queued behind it.
  @discardableResult
  func waitForExit(within seconds: Double) -> Bool
}

extension AwaitableChild {
  /// Looks every 2 ms: Foundation's `Process` offers no event to wait on. A ``SpawnedProcess``
  /// waits on its pidfd instead.
  @discardableResult
  package func waitForExit(within seconds: Double) -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while isRunning {
      guard ContinuousClock.now < deadline else { return false }
      usleep(2_000)
    }
    return true
  }

  /// Waits up to `seconds` for the process to exit without holding a thread; whether it exited.
  @discardableResult
  nonisolated(nonsending) package func exited(within seconds: Double) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while isRunning {
      guard ContinuousClock.now < deadline else { return false }
      try? await Task.sleep(for: .milliseconds(5))
    }
    return true
  }

  /// Waits up to `seconds` for the exit status, then kills the process with SIGKILL and waits up
  /// to ten seconds more; -1 if even that did not end it.
  nonisolated(nonsending) package func exitStatus(killingAfter seconds: Double) async -> Int32 {
    guard await exited(within: seconds) else {
      send(SIGKILL)
      return await exited(within: 10) ? terminationStatus : -1
    }
    return terminationStatus
  }

  /// Kills the process with SIGKILL if it still runs and waits up to `seconds` for it to be
  /// reaped; whether it was.
  @discardableResult
  package func kill(waitingUpTo seconds: Double) -> Bool {
    send(SIGKILL)
    return waitForExit(within: seconds)
  }
}

extension Process: AwaitableChild {
  package func send(_ signal: Int32) {
    if isRunning { Glibc.kill(processIdentifier, signal) }
  }
}
