#if canImport(Glibc)
import Glibc
#endif

/// A TCP port bound once for the process and served in turn by several servers, each on a
/// duplicate of its socket: between two servers a client waits in the port's backlog instead of
/// being refused, no other process can take the port, and one picked for port 0 stays the same.
///
/// A process that runs itself again with `exec` hands the port on to the program it becomes
/// (``passOnAcrossExec()``), which takes it back by the same environment variable.
public final class ListeningPort: Sendable {
  /// The IP address listened on.
  public let host: String
  /// The port listened on: the one asked for, or the one picked for port 0.
  public let port: UInt16
  /// The environment variable naming the socket when it is handed on across `exec`.
  private let inheritedAs: String
  private let descriptor: Int32

  /// Binds and listens on `host` and `port`, or takes the socket this process was handed in the
  /// environment variable `inheritedAs`, when it listens there.
  package init(host: String, port: UInt16, inheritedAs variable: String) throws(SocketError) {
    self.host = host
    inheritedAs = variable
    if let (descriptor, port) = Self.take(variable, listeningAt: host, port: port) {
      self.descriptor = descriptor
      self.port = port
      return
    }
    let socket = try Socket.listen(host: host, port: port)
    self.port = try socket.localPort()
    descriptor = socket.releaseDescriptor()
  }

  /// A duplicate of the socket for one server, which closes it when it is done; the port stays
  /// open for the next.
  package func duplicate() throws(SocketError) -> Socket {
    let duplicate = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
    guard duplicate >= 0 else { throw .lastError("fcntl(F_DUPFD_CLOEXEC)") }
    return Socket(descriptor: duplicate)
  }

  /// Leaves the socket open across `exec` and names it in the environment, so that the program
  /// this process runs next serves the port without it ever refusing a client.
  package func passOnAcrossExec() {
    guard fcntl(descriptor, F_SETFD, 0) == 0 else { return }
    setenv(inheritedAs, String(descriptor), 1)
  }

  /// The socket this process was handed as `variable` and its port, if it listens at `host` and
  /// `port` (any port for 0), taken once; one that does not is closed.
  private static func take(_ variable: String, listeningAt host: String, port: UInt16) -> (Int32, UInt16)? {
    guard let text = getenv(variable).map({ String(cString: $0) }), let descriptor = Int32(text) else { return nil }
    unsetenv(variable)
    guard let bound = try? SocketAddress(boundTo: descriptor) else { return nil }
    guard let asked = SocketAddress(host: host, port: port), bound.hasSameHost(as: asked),
      port == 0 || bound.port == port, fcntl(descriptor, F_SETFD, FD_CLOEXEC) == 0
    else {
      Glibc.close(descriptor)
      return nil
    }
    return (descriptor, bound.port)
  }

  deinit {
    Glibc.close(descriptor)
  }
}
