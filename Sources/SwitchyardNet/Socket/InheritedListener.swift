#if canImport(Glibc)
import Glibc
#endif

/// A listening socket handed on to the program this process runs next with `exec`, named in its
/// environment: the port stays bound across the `exec`, so a client that connects meanwhile waits
/// in its backlog instead of being refused, and a port picked for port 0 stays the same.
package enum InheritedListener {
  /// Leaves `descriptor` open across `exec` and names it in the environment variable `variable`.
  package static func passOn(_ descriptor: Int32, as variable: String) {
    guard fcntl(descriptor, F_SETFD, 0) == 0 else { return }
    setenv(variable, String(descriptor), 1)
  }

  /// The descriptor this process was handed as `variable` and its port, if it listens at `host`
  /// and `port` (any port for 0), taken once; one that does not is closed.
  package static func take(_ variable: String, listeningAt host: String, port: UInt16) -> (descriptor: Int32, port: UInt16)? {
    guard let text = getenv(variable).map({ String(cString: $0) }), let fd = Int32(text) else { return nil }
    unsetenv(variable)
    guard let bound = try? SocketAddress(boundTo: fd) else { return nil }
    guard let asked = SocketAddress(host: host, port: port), bound.hasSameHost(as: asked),
      port == 0 || bound.port == port, fcntl(fd, F_SETFD, FD_CLOEXEC) == 0
    else {
      Glibc.close(fd)
      return nil
    }
    return (fd, bound.port)
  }
}
