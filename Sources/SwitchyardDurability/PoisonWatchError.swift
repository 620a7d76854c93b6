#if canImport(Glibc)
import Glibc
#endif

/// Why the poison file could not be opened.
package enum PoisonWatchError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file could not be created or opened for writing.
  case unwritable(path: String, errno: Int32)

  package var description: String {
    switch self {
    case let .unwritable(path, code):
      "Cannot open \(path): \(String(cString: strerror(code))); check that the data directory is writable."
    }
  }
}
