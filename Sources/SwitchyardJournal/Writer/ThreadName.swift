#if canImport(Glibc)
import Glibc
#endif

/// Names the calling thread `name`, the name `top -H`, `ps -L` and `perf` show; at most 15 bytes,
/// the most Linux keeps.
///
/// Written to `/proc/thread-self/comm`: Foundation's `Thread.name` names the kernel's thread only
/// when the setter runs on it after `start()` has recorded it, which a new thread can outrun. Here,
/// in the lowest module that starts a thread, for every module above to share.
package func nameCurrentThread(_ name: String) {
  let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
  guard fd >= 0 else { return }
  var bytes = Array(name.utf8.prefix(15))
  _ = write(fd, &bytes, bytes.count)
  close(fd)
}
