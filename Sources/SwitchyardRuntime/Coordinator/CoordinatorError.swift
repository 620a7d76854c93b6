#if canImport(Glibc)
import Glibc
#endif

/// Why a coordinator could not start or do what it was asked.
public enum CoordinatorError: Error, Equatable, CustomStringConvertible {
  /// Another coordinator holds the run directory.
  case alreadyRunning(runDirectory: String, pid: Int32?)
  /// The run directory cannot be created, locked or written.
  case runDirectoryUnusable(path: String, errno: Int32)
  /// The run directory belongs to another user, who could replace the control socket.
  case runDirectoryNotOwned(path: String, owner: UInt32)
  /// The control socket's path is longer than a Unix socket address holds.
  case socketPathTooLong(path: String, limit: Int)
  /// The control socket could not be created, bound or listened on.
  case socketFailed(path: String, errno: Int32)
  /// The TCP control listener (`--control-listen`) could not be opened.
  case controlListenFailed(address: String, reason: String)
  /// No pool runs this kind of job.
  case unknownPool(JobKind, known: [String])
  /// A pool size below zero.
  case invalidPoolSize(JobKind, Int)
  /// A pool size above the pool's configured maximum.
  case poolSizeOverLimit(JobKind, Int, limit: Int)
  /// The pool's workers are not the coordinator's to start, such as workers reading a broker's
  /// streams on other hosts; `advice` says how to scale them.
  case poolNotScalable(JobKind, advice: String)

  /// A sentence saying what went wrong and what to do about it.
  public var description: String {
    switch self {
    case let .alreadyRunning(runDirectory, pid):
      let owner = pid.map { "coordinator \($0)" } ?? "another coordinator"
      return """
        \(owner) is already running in \(runDirectory). Stop it first, or start this one with a \
        different --run-dir.
        """
    case let .runDirectoryUnusable(path, code):
      return "Cannot use the run directory \(path): \(String(cString: strerror(code)))."
    case let .runDirectoryNotOwned(path, owner):
      return """
        The run directory \(path) belongs to user \(owner), not to this one, who could replace its \
        control socket; choose a --run-dir of your own.
        """
    case let .socketPathTooLong(path, limit):
      return "The control socket path \(path) is longer than \(limit) bytes; choose a shorter --run-dir."
    case let .socketFailed(path, code):
      return "Cannot open the control socket \(path): \(String(cString: strerror(code)))."
    case let .controlListenFailed(address, reason):
      return "Cannot listen for control clients at \(address): \(reason). Choose a free port with --control-listen."
    case let .unknownPool(kind, known):
      return "There is no '\(kind)' pool; the pools are: \(known.joined(separator: ", "))."
    case let .invalidPoolSize(kind, size):
      return "Cannot scale the '\(kind)' pool to \(size) workers; give a size of 0 or more."
    case let .poolSizeOverLimit(kind, size, limit):
      return """
        Cannot scale the '\(kind)' pool to \(size) workers: its maximum is \(limit). Give a size of \
        at most \(limit), or raise the pool's maxSize.
        """
    case let .poolNotScalable(kind, advice):
      return "Cannot scale the '\(kind)' pool from here: \(advice)"
    }
  }
}
