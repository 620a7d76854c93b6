import Foundation
import Synchronization
import SwitchyardRedis
import SwitchyardRuntime
import SwitchyardWire

/// What `worker KIND --broker URL` runs: reads a kind's jobs from its stream and runs them, in
/// this process, with a ``WorkerHost``'s handlers, so the same ``JobHandler``s run here as under
/// the coordinator's own pools and in-process under a test store.
///
/// Jobs are read through the consumer group, up to ``Settings/concurrency`` at a time, and handed
/// to the handlers as decoded `run`s; their `emit`s, `finished` and `failed` go to the reply
/// stream as the handlers encoded them, a job's end together with the acknowledgement and
/// deletion of its entry, everything waiting in one pipeline. Cancellations are read from the
/// broadcast stream. Jobs with an affinity key run on the worker the key is bound to, handed over
/// when another worker reads them (proto/PROTOCOL.md section 7.8). Every ``WorkerLiveness/interval``
/// it sets its heartbeat key, which is how others know it lives. Every third of
/// ``Settings/claimIdle`` it renews the jobs it holds and their keys, reclaims jobs idle longer
/// with workers that died or stopped (handing them back as `workerLost`), and sends the
/// coordinator a `heartbeat`.
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
    /// A file rewritten on every heartbeat Redis took, for a liveness probe; `nil` for none.
    package var healthFile: String?

    /// Settings for a worker of the coordinator named `coordinator`.
    package init(
      redis: RedisConfiguration, coordinator: String, claimIdle: Duration = .seconds(30), concurrency: Int = 64,
      healthFile: String? = nil
    ) {
      self.redis = redis
      self.coordinator = coordinator
      self.claimIdle = claimIdle
      self.concurrency = concurrency
      self.healthFile = healthFile
    }
  }

  let host: WorkerHost
  let settings: Settings

  /// A worker of `host`'s kind, running its jobs with `host`'s handlers.
  package init(host: WorkerHost, settings: Settings) {
    self.host = host
    self.settings = settings
  }

  /// Serves the stream for good; never returns.
  package func run() -> Never {
    let kind = host.kind
    let layout = StreamLayout(coordinator: settings.coordinator)
    let name = StreamLayout.workerName()
    let replies = StreamQueue(layout: layout, connection: RedisConnection(configuration: settings.redis))
    let session = RemoteWorkerSession(
      kind: kind, name: name, replies: replies, concurrency: settings.concurrency, claimIdle: settings.claimIdle)
    guard session.start(host) else {
      session.log(.error("this worker has no handler for '\(kind)' jobs."))
      exit(64)
    }
    let cancelsFrom: StreamReadPosition
    do {
      try replies.connection.connect { session.log(LogEvent($0.nextDelay == nil ? .error : .warning, "\($0)")) }
      // Alive before it joins: a consumer in the group without a heartbeat is a dead one.
      try replies.beat(kind: kind.rawValue, worker: name)
      try replies.join(kind: kind.rawValue, worker: name)
      try replies.keepHandOffs(kind: kind.rawValue, worker: name, lease: settings.claimIdle)
      try session.sayHello()
      cancelsFrom = try session.rememberRecentCancels(from: replies)
    } catch {
      session.log(.error("the '\(kind)' worker could not start on \(settings.redis.host):\(settings.redis.port): \(error)"))
      exit(69)
    }
    session.log(.info("\(name): serving '\(kind)' jobs of \(layout.jobs(kind.rawValue))."))
    let cancels = StreamQueue(layout: layout, connection: RedisConnection(configuration: settings.redis))
    Thread.detachNewThread(named: "sy-cancels") { session.readCancels(cancels, after: cancelsFrom) }
    Thread.detachNewThread(named: "sy-heartbeat") { session.beat(healthFile: settings.healthFile) }
    Thread.detachNewThread(named: "sy-claims") { session.maintain(every: settings.claimIdle / 3) }
    Thread.detachNewThread(named: "sy-replies") { session.serveReplies() }
    session.readJobs(from: StreamQueue(layout: layout, connection: RedisConnection(configuration: settings.redis)))
  }
}
