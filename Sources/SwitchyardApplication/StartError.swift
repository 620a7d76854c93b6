#if canImport(Glibc)
import Glibc
#endif

/// Why `start` stopped before its coordinator ran.
public enum StartError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `--parent PID` named a process that is no longer this one's parent: it has exited.
  case parentExited(Int32)
  /// The kernel refused to signal this process when its parent exits.
  case parentWatchFailed(errno: Int32)
  /// A local pool runs a kind of job no handler of this executable serves: its workers would
  /// exit at once, restarted for ever, with the pool's jobs queued.
  case noHandler(kind: String, served: [String])

  /// A sentence saying what happened.
  public var description: String {
    switch self {
    case let .parentExited(pid):
      "the process that started this coordinator (pid \(pid)) has already exited, so it does not start"
    case let .parentWatchFailed(code):
      "cannot watch the parent process (prctl: \(String(cString: strerror(code)))); run without --parent"
    case let .noHandler(kind, served):
      "the '\(kind)' pool has no handler in this executable, so its workers could only exit; it serves "
        + "\(served.isEmpty ? "no kind of job" : served.sorted().joined(separator: ", ")). Leave '\(kind)' out of --pools, "
        + "or give the application a handler for '\(kind)' jobs"
    }
  }
}
