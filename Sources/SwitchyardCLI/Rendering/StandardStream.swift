#if canImport(Glibc)
import Glibc
#endif

/// Standard output or standard error, written unbuffered so that lines reach a pipe as they are
/// produced (`status --follow`, `load`'s progress) and the two streams never reorder.
public enum StandardStream: Sendable {
  /// File descriptor 1.
  case output
  /// File descriptor 2.
  case error

  var fileDescriptor: Int32 {
    switch self {
    case .output: STDOUT_FILENO
    case .error: STDERR_FILENO
    }
  }

  /// Writes `text` whole, retrying after interruptions; a closed stream drops it.
  public func write(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { Glibc.write(fileDescriptor, $0.baseAddress! + offset, $0.count - offset) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return }
      offset += written
    }
  }

  /// Whether the stream is a terminal, where redrawing and progress bars make sense.
  public var isTerminal: Bool {
    isatty(fileDescriptor) == 1
  }

  /// Whether text for this stream may be coloured: a terminal, and `NO_COLOR` unset or empty.
  public var allowsColor: Bool {
    guard isTerminal else { return false }
    guard let noColor = getenv("NO_COLOR") else { return true }
    return noColor.pointee == 0
  }
}
