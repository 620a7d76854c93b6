import SwitchyardWire

/// What the coordinator tells a worker through its ``WorkerLink``: typed, so each link encodes it
/// at its own edge (a pipe as a frame, a broker as a stream entry) and none reads bytes back.
package enum WorkerCommand: Sendable {
  /// The coordinator's answer to a worker process's `hello`.
  case hello(Hello)
  /// Start an attempt of a job.
  case run(JobDispatch)
  /// Stop an attempt (advisory).
  case cancel(Cancel)
  /// A liveness probe.
  case ping(Ping)
  /// Exit within a grace period.
  case shutdown(Shutdown)

  /// Appends the command as one frame, as a worker process reads it.
  package func appendFrame(to bytes: inout [UInt8]) {
    switch self {
    case let .run(dispatch): dispatch.appendFrame(to: &bytes)
    case let .hello(hello): WorkerMessage.hello(hello).appendFrame(to: &bytes)
    case let .cancel(cancel): WorkerMessage.cancel(cancel).appendFrame(to: &bytes)
    case let .ping(ping): WorkerMessage.ping(ping).appendFrame(to: &bytes)
    case let .shutdown(shutdown): WorkerMessage.shutdown(shutdown).appendFrame(to: &bytes)
    }
  }
}
