#if canImport(Glibc)
import Glibc
#endif

/// Writes all of `bytes` to a blocking descriptor, retrying on `EINTR` and short writes.
///
/// Returns `false` when the descriptor is gone (`EPIPE`, `EBADF`).
package func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
  var offset = 0
  while offset < bytes.count {
    let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
    if written < 0 {
      if errno == EINTR { continue }
      return false
    }
    offset += written
  }
  return true
}

/// Sets `O_NONBLOCK` on `fd`.
func setNonBlocking(_ fd: Int32) {
  _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
}

/// The absolute path of the running executable, from `/proc/self/exe`.
func currentExecutablePath() -> String {
  var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
  let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
  guard count > 0 else { return CommandLine.arguments[0] }
  return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Fills a Unix socket address for `path`; `nil` when the path does not fit.
func unixSocketAddress(_ path: String) -> sockaddr_un? {
  var address = sockaddr_un()
  address.sun_family = sa_family_t(AF_UNIX)
  let bytes = Array(path.utf8)
  let capacity = MemoryLayout.size(ofValue: address.sun_path)
  guard bytes.count < capacity else { return nil }
  withUnsafeMutableBytes(of: &address.sun_path) { raw in
    raw.copyBytes(from: bytes)
    raw[bytes.count] = 0
  }
  return address
}

/// The most bytes a Unix socket path may have.
let unixSocketPathLimit = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1
