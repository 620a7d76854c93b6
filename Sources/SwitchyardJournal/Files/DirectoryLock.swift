import Glibc
import Synchronization

/// An exclusive `flock` on the data directory's lock file: one writer per directory.
///
/// The lock goes with the process, so a coordinator killed with SIGKILL leaves nothing to clean up.
/// The file holds the owner's pid, so the refusal can say who holds it.
final class DirectoryLock: Sendable {
  // `nil` once released, so releasing twice never closes a descriptor number reused since.
  private let file: Mutex<FileDescriptor?>

  init(_ directory: DataDirectory) throws(JournalError) {
    let path = directory.file(DataDirectory.lockFileName)
    let file = try FileDescriptor.open(path, O_RDWR | O_CREAT)
    guard flock(file.rawValue, LOCK_EX | LOCK_NB) == 0 else {
      let failure = errno
      let holder = (try? file.readAll()).map { String(decoding: $0, as: UTF8.self) }.flatMap { Int32($0) }
      file.close()
      if failure == EWOULDBLOCK { throw .locked(directory: directory.path, holder: holder.map(String.init)) }
      throw .io(operation: "flock", path: path, errno: failure)
    }
    let pid = Array(String(getpid()).utf8)
    try? file.truncate(to: 0)
    _ = pid.withUnsafeBytes { pwrite(file.rawValue, $0.baseAddress, $0.count, 0) }
    self.file = Mutex(file)
  }

  /// Releases the lock.
  ///
  /// Unlocks before closing: a child forked by another thread holds a copy of the descriptor until
  /// it execs, and the lock, which belongs to the shared open file, would outlive our close.
  func release() {
    file.withLock {
      if let file = $0 { flock(file.rawValue, LOCK_UN) }
      $0?.close()
      $0 = nil
    }
  }
}
