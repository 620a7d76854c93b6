import Glibc
import Synchronization

/// An exclusive `flock` on the data directory and on its lock file: one writer per directory.
///
/// The lock goes with the process, so a coordinator killed with SIGKILL leaves nothing to clean up.
/// The file holds the owner's pid, so the refusal can say who holds it. The directory's own lock
/// is what excludes a second writer once someone removes the file, taking it for a stale one; the
/// file's still excludes an older Switchyard, which locks only the file.
final class DirectoryLock: Sendable {
  // `nil` once released, so releasing twice never closes a descriptor number reused since.
  private let files: Mutex<[FileDescriptor]?>

  init(_ directory: DataDirectory) throws(JournalError) {
    let lockFile = directory.file(DataDirectory.lockFileName)
    let folder = try FileDescriptor.open(directory.path, O_RDONLY | O_DIRECTORY)
    let file: FileDescriptor
    do throws(JournalError) {
      file = try FileDescriptor.open(lockFile, O_RDWR | O_CREAT)
    } catch {
      folder.close()
      throw error
    }
    for (locked, path) in [(folder, directory.path), (file, lockFile)] where flock(locked.rawValue, LOCK_EX | LOCK_NB) != 0 {
      let failure = errno
      // A file system that cannot lock a directory (NFS emulates flock with write locks, which a
      // directory opened to read cannot take) keeps the file's lock alone, as before.
      if locked.rawValue == folder.rawValue, failure != EWOULDBLOCK { continue }
      let holder = (try? file.readAll()).map { String(decoding: $0, as: UTF8.self) }.flatMap { Int32($0) }
      Self.release([folder, file])
      if failure == EWOULDBLOCK { throw .locked(directory: directory.path, holder: holder.map(String.init)) }
      throw .io(operation: "flock", path: path, errno: failure)
    }
    let pid = Array(String(getpid()).utf8)
    try? file.truncate(to: 0)
    _ = pid.withUnsafeBytes { pwrite(file.rawValue, $0.baseAddress, $0.count, 0) }
    self.files = Mutex([folder, file])
  }

  /// Releases the lock.
  func release() {
    files.withLock {
      $0.map(Self.release)
      $0 = nil
    }
  }

  /// Unlocks before closing: a child forked by another thread holds a copy of the descriptor until
  /// it execs, and the lock, which belongs to the shared open file, would outlive our close.
  private static func release(_ files: [FileDescriptor]) {
    for file in files {
      flock(file.rawValue, LOCK_UN)
      file.close()
    }
  }
}
