import SwitchyardInspector

/// `start`: runs the application's coordinator, or a ``StartMode`` chosen by its flag, until SIGINT
/// or SIGTERM.
///
/// Its options are read into ``StartOptions`` in one place, ``options(_:)``: a new option is one
/// more entry in ``command(toolName:defaultPools:modes:runApplication:)`` and one more field there.
enum StartCommand {
  static let parent = CommandOption.value(
    "--parent", "PID", help: "Shut down when process PID, which started this coordinator, exits."
  )
  static let http = CommandOption.value(
    "--http", "HOST:PORT", help: "Serve the web inspector there (off by default; an address other than 127.x or [::1] needs --http-token)."
  )
  static let httpToken = CommandOption.value(
    "--http-token", "TOKEN", help: "A secret every inspector request must carry, as ?token= or a Bearer header.",
    environmentVariable: "SWITCHYARD_HTTP_TOKEN"
  )
  static let pools = "--pools"
  static let grace = "--grace-ms"
  static let fsync = "--fsync"
  static let snapshotEvery = "--snapshot-every"
  static let snapshotSeconds = "--snapshot-seconds"
  static let snapshotsKept = "--snapshots-kept"
  static let snapshotAfterReplay = "--snapshot-after-replay"
  static let segmentSize = "--segment-size"
  static let skipRecord = "--skip-record"
  static let acceptDivergence = "--accept-divergence"
  static let slowReduction = "--slow-reduction-ms"
  /// How long `batch` and `off` let records wait before writing them: what a crash can lose.
  static let batchDelayMilliseconds = 10

  static func command(
    toolName: String,
    defaultPools: [PoolConfiguration],
    modes: [StartMode],
    workerKinds: [String],
    runApplication: @escaping @MainActor @Sendable (StartOptions) async throws -> Int32
  ) -> Command {
    let poolsText = defaultPools.map { "\($0.kind)=\($0.size)" }.joined(separator: ",")
    return Command(
      name: "start",
      abstract: "Run a coordinator and its worker pools until SIGINT or SIGTERM.",
      discussion: """
        The coordinator owns the store; effects run in worker processes ('\(toolName) worker KIND')
        that it starts from this executable, supervises and restarts. Other commands reach it
        through the control socket in its run directory.

        Every action the store reduces is journaled in the data directory with the values its
        dependencies returned, and the state is snapshotted now and then; 'start' on the same data
        directory restores the newest snapshot and replays the journal after it before it serves,
        and '\(toolName) history' reads it. --fsync says what a crash can lose:
          always  a 'send' is answered only once its action is on disk: nothing acknowledged is lost
          batch   (default) records are fsynced together at most \(batchDelayMilliseconds) ms after the first:
                  a crash loses at most the last \(batchDelayMilliseconds) ms of acknowledged actions (more
                  only while a saturated coordinator has records waiting to be encoded)
          off     records reach the kernel within \(batchDelayMilliseconds) ms and are never fsynced: a
                  process crash loses at most \(batchDelayMilliseconds) ms, a machine crash more
        A journal damaged after the newest snapshot stops 'start' naming the file and byte, and a
        journal missing records it held (a segment lost) stops it naming them; --repair cuts it
        there instead, copying what follows aside as *.damaged ('\(toolName) history --set-aside
        FILE' lists its records). Damage to records the newest snapshot covers is read past, with
        a warning, and changes nothing: the state needs only the records after the snapshot.
        A start that replayed many records snapshots at once (--snapshot-after-replay), so a crash
        loop does not replay more each time. Segments are kept for history for a week, or 1 GiB,
        whichever is reached first (--history-retention, --history-max-size).
        A coordinator that dies reducing an action notes its record in the data directory's
        'poison' file; the next 'start' refuses to replay that record, naming it, until
        --skip-record N leaves it out (for good: a snapshot follows). A start that refuses its data
        directory exits 78, which a supervisor should not restart (systemd: RestartPreventExitStatus=78).
        Replay is checked against the state digests the journal recorded, and against the effects
        each action returned: a start whose reducer now reaches another state or returns other
        effects (another job, one more or fewer), or replays records an older version wrote before
        a state migration, stops naming the action and how it differs; --accept-divergence keeps
        this build's state instead, journals what it accepted (see 'history'; 'verify' and later
        starts pass it) and snapshots it. Stopping with Ctrl-C or SIGTERM snapshots, so a deploy
        (stop, upgrade, start) replays nothing.
        """,
      options: modes.map(\.flag) + [
        .value(
          pools, "KIND=N,…",
          help: "Worker pools and their sizes, or KIND=redis[:N] for workers on other hosts (default: \(poolsText.isEmpty ? "none" : poolsText))."
        ),
        .runDirectory,
        .value(grace, "N", help: "Milliseconds workers get to finish when stopping (default: 5000)."),
        parent,
        http,
        httpToken,
        DataDirectoryOption.option,
        .flag("--no-journal", help: "Keep the state in memory only: a restart starts from the initial state."),
        .value(fsync, "MODE", help: "always, batch (default: at most \(batchDelayMilliseconds) ms of acknowledged actions at risk) or off."),
        .value(snapshotEvery, "N", help: "Snapshot the state every N actions (default: 100000)."),
        .value(snapshotSeconds, "S", help: "Snapshot the state every S seconds when actions came (default: 60)."),
        .value(
          snapshotAfterReplay, "N",
          help: "Snapshot right after a start that replayed more than N records, 0 never (default: \(SnapshotPolicy().afterReplaying ?? 0))."
        ),
        .value(snapshotsKept, "K", help: "Keep K snapshots for recovery, and the journal since the oldest (default: 2)."),
        HistoryRetentionOptions.age,
        HistoryRetentionOptions.size,
        .value(segmentSize, "SIZE", help: "Start a new journal segment file at this size, e.g. 64MiB (the default); retention removes whole segments."),
        .flag("--repair", help: "Cut a damaged journal at the damage and start, setting the rest aside."),
        .value(skipRecord, "N", help: "Replay every journal record but N, such as one a coordinator died reducing."),
        .flag(acceptDivergence, help: "Keep the state (and effects) this build's replay reaches where they differ from what the journal recorded."),
        .value(
          slowReduction, "N",
          help: "Log and count (switchyard_slow_reductions_total) each reduction that holds the main actor N ms or more, 0 never (default: 100)."
        ),
        BrokerFlags.broker,
        BrokerFlags.passwordFile,
        BrokerFlags.name,
        HighAvailabilityFlags.ha,
        HighAvailabilityFlags.lease,
        HighAvailabilityFlags.replicas,
        ControlListenFlags.listen,
        ControlListenFlags.token,
        MetricsFlags.metrics,
        MetricsFlags.token,
        LogFlags.format,
        LogFlags.level,
      ],
      examples: ["\(toolName) start"] + modes.map { "\(toolName) start \($0.flag.name)" } + [
        "\(toolName) start --pools \(defaultPools.first.map { "\($0.kind)=4" } ?? "KIND=4") --run-dir /tmp/sy",
        "\(toolName) start --data-dir /var/lib/\(toolName) --fsync always",
      ],
      run: { arguments in
        try LogFlags.configure(arguments)
        let chosen = modes.filter { arguments.flag($0.flag.name) }
        guard chosen.count <= 1 else {
          throw UsageError.conflict("\(chosen.map(\.flag.name).joined(separator: " and ")) cannot be used together")
        }
        var options = try options(arguments)
        options.workerKinds = workerKinds
        do {
          if let mode = chosen.first { return try await mode.run(options) }
          return try await runApplication(options)
        } catch {
          throw DataDirectoryRefusal.refusing(error)
        }
      }
    )
  }

  /// Reads `start`'s options.
  static func options(_ arguments: ParsedArguments) throws(UsageError) -> StartOptions {
    let (remote, local) = try BrokerFlags.remotePools(in: arguments.value(pools) ?? "", argument: pools)
    let pools = try PoolSize.list(parsing: local, argument: pools)
      .map { PoolConfiguration(kind: JobKind($0.kind), size: $0.size) } + remote
    let broker = try BrokerFlags.redis(arguments).map {
      BrokerOptions(redis: $0, coordinator: arguments.value(BrokerFlags.name.name), kinds: remote.map(\.kind))
    }
    if !remote.isEmpty, broker == nil {
      throw .conflict("\(Self.pools) \(remote.map { "\($0.kind)=redis" }.joined(separator: ",")) needs --broker redis://HOST:PORT/DB")
    }
    let grace = try arguments.value(grace, as: Int.self)
    if let grace, grace < 0 { throw .invalidValue(name: Self.grace, value: "\(grace)", expected: "milliseconds ≥ 0") }
    let inspector: InspectorConfiguration?
    do {
      inspector = try InspectorConfiguration.commandLine(address: arguments.value(http.name), token: arguments.value(httpToken.name))
    } catch {
      throw .conflict(error.description)
    }
    let defaults = SnapshotPolicy()
    let every = try positive(snapshotEvery, arguments.value(snapshotEvery, as: Int.self))
    let seconds = try positive(snapshotSeconds, arguments.value(snapshotSeconds, as: Int.self))
    let kept = try positive(snapshotsKept, arguments.value(snapshotsKept, as: Int.self))
    let afterReplay = try arguments.value(snapshotAfterReplay, as: Int.self)
    if let afterReplay, afterReplay < 0 {
      throw .invalidValue(name: snapshotAfterReplay, value: "\(afterReplay)", expected: "a number of records ≥ 0")
    }
    var options = StartOptions(
      runDirectory: arguments.runDirectory,
      pools: pools,
      shutdownGrace: grace.map { .milliseconds($0) } ?? .seconds(5),
      parent: try arguments.value(parent.name, as: Int32.self),
      http: inspector,
      dataDirectory: arguments.value(DataDirectoryOption.option.name),
      journals: !arguments.flag("--no-journal"),
      durability: try durability(arguments.value(fsync)),
      snapshotPolicy: SnapshotPolicy(
        everyActions: every.map(UInt64.init) ?? defaults.everyActions,
        every: seconds.map { .seconds($0) } ?? defaults.every,
        afterReplaying: afterReplay.map { $0 == 0 ? nil : $0 } ?? defaults.afterReplaying
      ),
      snapshotsKept: kept ?? 2,
      historyRetention: try HistoryRetentionOptions.retention(arguments),
      segmentSize: try arguments.value(segmentSize).flatMap { text throws(UsageError) in
        try HistoryRetentionOptions.parseSize(text, option: segmentSize)
      } ?? JournalOptions().segmentSize,
      repair: arguments.flag("--repair"),
      skipRecord: try positive(skipRecord, arguments.value(skipRecord, as: Int.self)).map(UInt64.init),
      acceptsDivergence: arguments.flag(acceptDivergence),
      broker: broker,
      metrics: try MetricsFlags.configuration(arguments)
    )
    if let milliseconds = try arguments.value(slowReduction, as: Int.self) {
      guard (0...86_400_000).contains(milliseconds) else {
        throw .invalidValue(name: slowReduction, value: "\(milliseconds)", expected: "milliseconds from 0 (never) to 86400000")
      }
      options.slowReduction = milliseconds == 0 ? nil : .milliseconds(milliseconds)
    }
    options.highAvailability = try HighAvailabilityFlags.options(arguments)
    options.controlListen = try ControlListenFlags.configuration(arguments)
    return options
  }

  private static func durability(_ mode: String?) throws(UsageError) -> Durability {
    let delay = Duration.milliseconds(batchDelayMilliseconds)
    switch mode {
    case nil, "batch": return .batch(maxDelay: delay)
    case "always": return .always
    case "off": return .off(maxDelay: delay)
    case let mode?: throw .invalidValue(name: fsync, value: mode, expected: "always, batch or off")
    }
  }

  private static func positive(_ name: String, _ value: Int?) throws(UsageError) -> Int? {
    if let value, value < 1 { throw .invalidValue(name: name, value: "\(value)", expected: "a whole number ≥ 1") }
    return value
  }
}
