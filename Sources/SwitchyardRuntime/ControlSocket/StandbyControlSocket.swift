#if canImport(Glibc)
import Glibc
#endif
import SwitchyardWire

/// The control socket of a coordinator that stands by (`start --ha`): `status` and state come
/// from its read-only replica, and every send and scale is refused with ``NotLeader``, on the
/// run directory's socket and on the `--control-listen` port alike, so that a client given any
/// coordinator's address is told where the leader is.
///
/// It claims the run directory as a coordinator does; ``stop()`` gives it up, and stops serving
/// the port without closing it, for the coordinator that takes over.
@MainActor
public final class StandbyControlSocket {
  private var runDirectory: RunDirectory?
  private let service: ControlService

  /// Claims `runDirectory` and serves its socket, and `port` when given, with `status` and
  /// `state`; `leader` names the leader in refusals.
  public init(
    runDirectory path: String,
    port: ControlPort? = nil,
    status: @escaping @MainActor () -> StatusReport,
    state: @escaping @MainActor () throws -> RawJSON,
    leader: @escaping @MainActor () -> String?,
    log: @escaping @Sendable (LogEvent) -> Void
  ) throws(CoordinatorError) {
    signal(SIGPIPE, SIG_IGN)
    let directory = try RunDirectory.claim(path)
    service = ControlService(
      endpoints: ControlEndpoints(
        pid: getpid(), status: status, state: state,
        send: { _ in throw NotLeader(leader: leader()) },
        acknowledge: { $0(nil) },
        scale: { _ in throw NotLeader(leader: leader()) }))
    do {
      try service.start(socketPath: directory.socketPath, limits: ControlSocketLimits(), log: log)
      if let port { try service.serve(port, limits: ControlSocketLimits(), log: log) }
    } catch {
      service.stop()
      directory.release()
      throw error
    }
    runDirectory = directory
  }

  /// Disconnects every client, closes the socket and releases the run directory.
  public func stop() {
    service.stop()
    runDirectory?.release()
    runDirectory = nil
  }
}
