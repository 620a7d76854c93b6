import SwitchyardMetrics
import SwitchyardNet
import SwitchyardRedisTransport

/// `worker KIND`: serves one pool's jobs on standard input and output. The coordinator starts
/// these from its own executable; a person never needs to.
///
/// `worker KIND --broker URL` serves a remote pool instead: it reads the kind's jobs from Redis
/// through the consumer group, on any host, and runs them with the same handlers, in its own
/// process (``RedisWorker``).
enum WorkerCommand {
  static let claimIdle = CommandOption.value(
    "--claim-idle-ms", "N",
    help: "With --broker: reclaim jobs another worker has not renewed for N milliseconds (default: 30000)."
  )
  static let concurrency = CommandOption.value(
    "--concurrency", "N", help: "With --broker: the most jobs this worker runs at once (default: 64)."
  )
  static let healthFile = CommandOption.value(
    "--health-file", "FILE",
    help: "With --broker: rewrite PATH on every heartbeat Redis took (each second), for a liveness probe of its age."
  )

  static func command(toolName: String, version: String, handlers: [any JobHandler]) -> Command {
    let kinds = handlers.map(\.kind.rawValue)
    return Command(
      name: "worker",
      abstract: "Serve one pool's jobs on stdin/stdout (the coordinator starts these), or from Redis with --broker.",
      arguments: [
        CommandArgument("KIND", help: "The job kind to serve: \(kinds.joined(separator: ", ")).")
      ],
      options: [
        BrokerFlags.broker, BrokerFlags.passwordFile, BrokerFlags.name, claimIdle, concurrency, healthFile, MetricsFlags.metrics,
        MetricsFlags.token, LogFlags.format, LogFlags.level,
      ],
      examples: kinds.first.map { ["\(toolName) worker \($0)", "\(toolName) worker \($0) --broker redis://10.0.0.5:6379/0"] } ?? [],
      run: { arguments in
        try LogFlags.configure(arguments)
        let kind = arguments.argument("KIND") ?? ""
        let redis = try BrokerFlags.redis(arguments)
        guard kinds.contains(kind) else {
          throw UsageError.conflict("this worker has no handler for '\(kind)' jobs; it serves: \(kinds.sorted().joined(separator: ", ")).")
        }
        if let redis {
          let idle = try arguments.value(claimIdle.name, as: Int.self) ?? 30_000
          let limit = try arguments.value(concurrency.name, as: Int.self) ?? 64
          guard idle > 0 else { throw UsageError.invalidValue(name: claimIdle.name, value: "\(idle)", expected: "milliseconds ≥ 1") }
          guard limit > 0 else { throw UsageError.invalidValue(name: concurrency.name, value: "\(limit)", expected: "a number ≥ 1") }
          let settings = RedisWorker.Settings(
            redis: redis, coordinator: arguments.value(BrokerFlags.name.name) ?? toolName,
            claimIdle: .milliseconds(idle), concurrency: limit, healthFile: arguments.value(healthFile.name)
          )
          if let metrics = try MetricsFlags.configuration(arguments) {
            try serveMetrics(metrics, application: toolName, version: version, settings: settings, kind: kind)
          }
          RedisWorker(host: WorkerHost(kind: JobKind(kind), handlers: handlers), settings: settings).run()
        }
        if arguments.value(MetricsFlags.metrics.name) != nil {
          throw UsageError.conflict("--metrics serves a remote worker's metrics; it needs --broker (a pipe worker's are its coordinator's)")
        }
        WorkerHost(kind: JobKind(kind), handlers: handlers).run()
      }
    )
  }

  /// Serves a remote worker's `/metrics` for as long as the process lives: its build, its process,
  /// and the settings its coordinator's alerts compare against.
  private static func serveMetrics(
    _ configuration: MetricsConfiguration,
    application: String,
    version: String,
    settings: RedisWorker.Settings,
    kind: String
  ) throws(HTTPServerError) {
    let registry = MetricsRegistry.process(application: application, version: version, role: "worker")
    let labels = [MetricLabel("pool", kind)]
    registry.gauge(
      "switchyard_remote_worker_claim_idle_seconds", help: "How long a job may sit unrenewed before another worker reclaims it.",
      labels: labels
    ).set(settings.claimIdle)
    registry.gauge("switchyard_remote_worker_concurrency", help: "The most jobs this worker runs at once.", labels: labels)
      .set(Double(settings.concurrency))
    // The process never returns from serving its stream; the server lives as long. The log names
    // the port it took, for an address given with port 0.
    try ServedMetrics.start(registry, configuration: configuration).announce(as: application)
  }
}
