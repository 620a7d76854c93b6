import SwitchyardDiagnostics
import SwitchyardRuntime

/// Quick supervision settings, so tests of crashes and hangs finish in moments.
public func testPool(
  kind: JobKind = ProbeJob.kind,
  size: Int = 2,
  maxInFlightPerWorker: Int = 64,
  maxQueued: Int = 1024,
  restartPolicy: RestartPolicy = RestartPolicy(initialBackoff: .milliseconds(10), maxBackoff: .milliseconds(100)),
  heartbeatInterval: Duration = .milliseconds(100),
  heartbeatTimeout: Duration = .seconds(3),
  drainTimeout: Duration = .seconds(5)
) -> PoolConfiguration {
  PoolConfiguration(
    kind: kind,
    size: size,
    maxInFlightPerWorker: maxInFlightPerWorker,
    maxQueued: maxQueued,
    restartPolicy: restartPolicy,
    retryBackoff: .milliseconds(10),
    heartbeatInterval: heartbeatInterval,
    heartbeatTimeout: heartbeatTimeout,
    drainTimeout: drainTimeout
  )
}
