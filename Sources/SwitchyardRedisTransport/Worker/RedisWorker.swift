import Foundation
import Synchronization
import SwitchyardRedis
import SwitchyardRuntime
import SwitchyardWire

/// What `worker KIND --broker URL` runs: a bridge between a kind's job stream and a pipe worker
/// it starts from this same executable, so the same ``JobHandler``s run here as under the
/// coordinator's own pools and in-process under a test store.
///
/// Jobs are read through the consumer group and written to the child as `run` frames; its
/// `emit`s, `finished` and `failed` go to the reply stream, a job's end together with the
/// acknowledgement and deletion of its entry. Cancellations are read from the broadcast stream.
/// Every third of ``Settings/claimIdle`` it renews the jobs it holds, reclaims jobs idle longer
/// with workers that died or stopped (handing them back as `workerLost`), and pings its child,
/// whose `heartbeat` goes to the coordinator. When its child exits it exits, and when it dies its
/// child reads the end of its input and exits too.
package struct RedisWorker: Sendable {
  /// How a remote worker reads its stream.
  package struct Settings: Sendable {
    /// The Redis server.
    package var redis: RedisConfiguration
    /// The coordinator's name, the namespace of its streams.
    package var coordinator: String
    /// How long a job may sit unrenewed with a worker before another reclaims it.
    package var claimIdle: Duration
    /// The most jobs it runs at once.
    package var concurrency: Int

    /// Settings for a worker of the coordinator named `coordinator`.
    package init(redis: RedisConfiguration, coordinator: String, claimIdle: Duration = .seconds(30), concurrency: Int = 64) {
      self.redis = redis
      self.coordinator = coordinator
      self.claimIdle = claimIdle
      self.concurrency = concurrency
    }
  }

  let kind: JobKind
  let settings: Settings
  let launch: WorkerLaunch

  /// A worker of `kind` whose jobs run in a child started with `launch`.
  package init(kind: JobKind, settings: Settings, launch: WorkerLaunch = .sameExecutable) {
    self.kind = kind
    self.settings = settings
    self.launch = launch
  }

  /// Serves the stream until the child exits; never returns.
  package func run() -> Never {
    let layout = StreamLayout(coordinator: settings.coordinator)
    let name = StreamLayout.workerName()
    let replies = StreamQueue(layout: layout, connection: RedisConnection(configuration: settings.redis))
    let session = RemoteWorkerSession(kind: kind, name: name, replies: replies, concurrency: settings.concurrency)
    do {
      try replies.connection.connect()
      try replies.join(kind: kind.rawValue)
      let child = try PipeTransport(launch: launch).connect(
        kind: kind,
        events: WorkerLinkEvents(
          messages: { session.childSaid($0) },
          log: { _, line in writeToStandardError(line) },
          closed: { reason, status in
            writeToStandardError("error: the '\(kind)' worker process \(reason) and \(status); \(name) stops.")
            exit(70)
          }
        )
      )
      session.child.withLock { $0 = child }
    } catch {
      writeToStandardError("error: the '\(kind)' worker could not start on \(settings.redis.host):\(settings.redis.port): \(error)")
      exit(69)
    }
    writeToStandardError("\(name): serving '\(kind)' jobs of \(layout.jobs(kind.rawValue)).")
    let cancels = StreamQueue(layout: layout, connection: RedisConnection(configuration: settings.redis))
    Thread.detachNewThread { session.readCancels(cancels) }
    Thread.detachNewThread { session.maintain(every: settings.claimIdle / 3, claimIdle: settings.claimIdle) }
    session.readJobs(from: StreamQueue(layout: layout, connection: RedisConnection(configuration: settings.redis)))
  }
}
