#if canImport(Glibc)
import Glibc
#endif

// Glibc's module map hides the GNU extension below behind _GNU_SOURCE; it is a plain libc symbol.

/// `pipe2(2)`: a pipe whose ends are close-on-exec from birth, so no concurrently spawned child
/// inherits them.
@_silgen_name("pipe2")
private func systemPipe2(_ fds: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32

/// Creates a pipe with `flags` (`O_CLOEXEC`, `O_NONBLOCK`): a wake-up for a thread blocked in
/// `poll`, or a child process's standard stream.
package func makePipe(flags: Int32 = O_CLOEXEC) -> (read: Int32, write: Int32)? {
  var fds: [Int32] = [-1, -1]
  guard systemPipe2(&fds, flags) == 0 else { return nil }
  return (fds[0], fds[1])
}
