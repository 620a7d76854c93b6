#if canImport(Glibc)
import Glibc
#endif

/// A failure to start or talk to a child process.
package enum ProcessError: Error, Equatable, CustomStringConvertible {
  /// `pipe2` failed, usually because the process ran out of file descriptors.
  case pipeFailed(errno: Int32)
  /// `posix_spawn` failed: the executable or the working directory is missing, or not executable.
  case spawnFailed(executable: String, errno: Int32)

  package var description: String {
    switch self {
    case let .pipeFailed(code):
      "Could not create a pipe: \(String(cString: strerror(code))). Raise the open-file limit (ulimit -n)."
    case let .spawnFailed(executable, code):
      "Could not start \(executable): \(String(cString: strerror(code)))."
    }
  }
}
