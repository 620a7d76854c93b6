#if canImport(Glibc)
import Glibc
#endif

/// A coordinator's claim on its run directory: an exclusive `flock` on `coordinator.lock`, held for
/// the coordinator's life, and the path of its control socket.
///
/// The lock — not the socket file — decides who owns the directory: the kernel releases it when its
/// holder dies, however it dies, so a socket left behind by a dead coordinator is recognised as
/// stale and removed, while a live coordinator is never displaced.
final class RunDirectory: Sendable {
  let path: String
  /// The directory's absolute path, for status.
  let absolutePath: String
  let socketPath: String
  private let lockPath: String
  private let lockFD: Int32

  /// The file name of the control socket inside a run directory.
  static let socketName = "control.sock"

  private init(path: String, socketPath: String, lockPath: String, lockFD: Int32) {
    self.path = path
    self.absolutePath = realpath(path, nil).map { resolved in
      defer { free(resolved) }
      return String(cString: resolved)
    } ?? path
    self.socketPath = socketPath
    self.lockPath = lockPath
    self.lockFD = lockFD
  }

  /// Creates the directory (mode 0700) if needed and takes its lock, or explains who holds it.
  static func claim(_ path: String) throws(CoordinatorError) -> RunDirectory {
    try makeDirectories(path)
    try makePrivate(path)
    let lockPath = path + "/coordinator.lock"
    let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw .runDirectoryUnusable(path: path, errno: errno) }
    guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
      let holder = readPID(fd)
      close(fd)
      throw .alreadyRunning(runDirectory: path, pid: holder)
    }
    let pid = Array("\(getpid())\n".utf8)
    _ = ftruncate(fd, 0)
    _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    let socketPath = path + "/" + socketName
    // We hold the lock, so any socket here belongs to a coordinator that is gone.
    unlink(socketPath)
    return RunDirectory(path: path, socketPath: socketPath, lockPath: lockPath, lockFD: fd)
  }

  /// Removes the socket and the lock file, then lets go of the lock.
  func release() {
    unlink(socketPath)
    unlink(lockPath)
    close(lockFD)
  }

  private static func makeDirectories(_ path: String) throws(CoordinatorError) {
    var prefix = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      prefix += "/" + component
      if mkdir(prefix, 0o700) != 0, errno != EEXIST {
        throw .runDirectoryUnusable(path: path, errno: errno)
      }
    }
  }

  /// Whoever can write the directory can swap the control socket for their own, so a directory
  /// of ours that others may write is narrowed to 0700, and one that is not ours is refused.
  private static func makePrivate(_ path: String) throws(CoordinatorError) {
    var info = stat()
    guard lstat(path, &info) == 0 else { throw .runDirectoryUnusable(path: path, errno: errno) }
    guard info.st_mode & S_IFMT == S_IFDIR else { throw .runDirectoryUnusable(path: path, errno: ENOTDIR) }
    guard info.st_uid == geteuid() else { throw .runDirectoryNotOwned(path: path, owner: info.st_uid) }
    if info.st_mode & 0o022 != 0, chmod(path, 0o700) != 0 {
      throw .runDirectoryUnusable(path: path, errno: errno)
    }
  }

  private static func readPID(_ fd: Int32) -> Int32? {
    var buffer = [UInt8](repeating: 0, count: 32)
    let count = pread(fd, &buffer, buffer.count, 0)
    guard count > 0 else { return nil }
    return Int32(String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
  }
}
