#if canImport(Glibc)
import Glibc
#endif
import SwitchyardNet

/// Where a ``ControlServer`` accepts clients: the run directory's Unix socket, or a TCP address
/// (a ``ControlPort``, `start --control-listen`) through which clients on other hosts reach a coordinator.
///
/// A TCP listener with a token admits a client only once its first message, its `hello`, carries
/// that token: anyone who can reach the port could otherwise send actions.
struct ControlListener {
  /// The listening descriptor, non-blocking; the server closes it.
  let descriptor: Int32
  /// The secret a client's `hello` must carry before anything else, or `nil` to admit every client.
  let token: String?
  /// The number of this listener's first client, so two listeners of one service never share one.
  let firstClient: Int

  /// Binds and listens on the Unix socket at `path`, mode 0600: only this user reaches it.
  static func unix(path: String) throws(CoordinatorError) -> ControlListener {
    guard var address = unixSocketAddress(path) else {
      throw .socketPathTooLong(path: path, limit: unixSocketPathLimit)
    }
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
    guard fd >= 0 else { throw .socketFailed(path: path, errno: errno) }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    guard bound == 0, chmod(path, 0o600) == 0, listen(fd, 128) == 0 else {
      let code = errno
      close(fd)
      throw .socketFailed(path: path, errno: code)
    }
    return ControlListener(descriptor: fd, token: nil, firstClient: 1)
  }
}
