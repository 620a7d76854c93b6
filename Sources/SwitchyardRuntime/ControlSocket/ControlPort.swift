#if canImport(Glibc)
import Glibc
#endif
import SwitchyardNet

/// A TCP address the control protocol is served on (`start --control-listen`), bound once and
/// then served in turn: by a standby's socket, which redirects, and by the coordinator that
/// takes over, so that a promotion never closes the port and no client is refused meanwhile.
///
/// Each server serves a duplicate of the descriptor and closes only its own; clients that
/// connect between two servers wait in the listen backlog for the next. A process that runs
/// itself again (a deposed leader starting over as a standby) passes the port on the same way.
public final class ControlPort: Sendable {
  /// The address as asked for.
  public let address: ListenAddress
  /// The secret every client's `hello` must carry; `nil` admits every client.
  public let token: String?
  private let listening: ListeningPort

  /// The environment variable naming the port's socket when it is passed on across `exec`.
  static let passedOnVariable = "SWITCHYARD_CONTROL_PORT_FD"

  /// Binds and listens on `address`, or takes the port this process was passed on
  /// (``passOnAcrossExec()``) when it listens there.
  public init(binding address: ListenAddress, token: String?) throws(CoordinatorError) {
    self.address = address
    self.token = token
    do {
      listening = try ListeningPort(host: address.host, port: address.port, inheritedAs: Self.passedOnVariable)
    } catch {
      throw .controlListenFailed(address: "tcp://\(address.authority())", reason: "\(error)")
    }
  }

  /// The port listened on: the one asked for, or the one picked for port 0.
  public var port: UInt16 { listening.port }

  /// Where clients reach it, as `--run-dir` takes it: `tcp://HOST:PORT`, with the port taken.
  public var url: String {
    "tcp://\(address.authority(port: port))"
  }

  /// Leaves the port open across `exec` and names it in the environment, so that the program
  /// this process runs next serves it without the port ever refusing a client.
  public func passOnAcrossExec() {
    listening.passOnAcrossExec()
  }

  /// A listener for one ``ControlServer``, on a duplicate of the socket that server closes.
  func listener() throws(CoordinatorError) -> ControlListener {
    let socket: Socket
    do {
      socket = try listening.duplicate()
    } catch {
      throw .socketFailed(path: url, errno: errno)
    }
    let fd = socket.releaseDescriptor()
    guard fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) == 0 else {
      let code = errno
      Glibc.close(fd)
      throw .socketFailed(path: url, errno: code)
    }
    return ControlListener(descriptor: fd, token: token, firstClient: 1 << 40)
  }
}
