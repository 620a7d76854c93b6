import SwitchyardRedis
import SwitchyardRuntime
import SwitchyardWire

/// Pools whose workers read a Redis stream, on any host, instead of being the coordinator's
/// children: a ``WorkerTransport`` whose one link per pool stands for the kind's job stream.
///
/// The pool's supervisor holds one link, a broker (``LinkPeer/broker(_:)``) standing for the
/// stream, whose `maxInFlightPerWorker` is the pool's in-flight limit; so the effect table, the
/// fence, timeouts, retries and cancellation work unchanged, and remote workers come and go behind
/// it (see ``RedisWorker``).
package struct RedisTransport: WorkerTransport {
  let broker: RedisBroker

  /// Takes the namespace of the coordinator named `coordinator` over for `kinds` and starts
  /// reading its reply stream; throws when Redis cannot be reached.
  package init(
    configuration: RedisConfiguration, coordinator: String, kinds: [JobKind], log: @escaping @Sendable (LogEvent) -> Void
  ) throws(RedisError) {
    broker = try RedisBroker(configuration: configuration, layout: StreamLayout(coordinator: coordinator), kinds: kinds, log: log)
  }

  /// Stops reading and writing the streams; for a process that goes on after its coordinator.
  package func close() {
    broker.close()
  }

  package func connect(kind: JobKind, events: WorkerLinkEvents) throws -> any WorkerLink {
    broker.attach(kind: kind, events: events)
  }

  package func remoteStatus(of kind: JobKind) -> RemotePoolStatus? {
    broker.remoteStatus(of: kind)
  }

  package func remoteCounters(of kind: JobKind) -> [String: Int64] {
    broker.remoteCounters(of: kind)
  }

  package func observeBacklog(of kind: JobKind, queued: Int, inFlight: Int) {
    broker.state.withLock { $0.poolBacklogs[kind] = queued + inFlight }
  }

  package var scalingAdvice: String? {
    """
    its workers are 'switchyard worker KIND --broker URL' processes on other hosts, which this \
    coordinator cannot start; run more or fewer of them there (a Deployment's replicas, KEDA, or \
    systemd units, as deploy/README.md shows).
    """
  }

}
