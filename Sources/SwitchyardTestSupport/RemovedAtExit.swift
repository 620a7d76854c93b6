import Foundation
import Synchronization

/// Files a test leaves to a cleanup on a thread of its own, which the test's process may not live
/// to finish: whatever of them is still there when the process exits is removed then.
///
/// A test cannot wait on one of the two cooperative threads for a child to stop, so it removes the
/// child's files once the child has gone, on another thread; the last test of a run does not wait
/// for that thread, and its files used to stay in /tmp.
public enum RemovedAtExit {
  /// The paths still to remove; `nil` until the first is added, when the exit handler is installed.
  private static let paths = Mutex<Set<String>?>(nil)

  /// Removes `path`, a file or a directory, when the process exits, unless ``remove(_:)`` did first.
  public static func add(_ path: String) {
    let isFirst = paths.withLock { paths in
      defer { paths = (paths ?? []).union([path]) }
      return paths == nil
    }
    if isFirst { atexit { RemovedAtExit.removeAll() } }
  }

  /// Removes `path` now, no longer at exit.
  public static func remove(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
    _ = paths.withLock { $0?.remove(path) }
  }

  private static func removeAll() {
    let left = paths.withLock { paths in
      defer { paths = [] }
      return paths ?? []
    }
    for path in left { try? FileManager.default.removeItem(atPath: path) }
  }
}
