import Foundation
import SwitchyardDurability
import SwitchyardInspector
import SwitchyardMetrics
import SwitchyardNet
import SwitchyardRedisTransport

extension Application {
  /// Runs this application's coordinator as `start` does, until SIGINT or SIGTERM: recovers the
  /// state from the data directory's journal, claims the run directory, spawns the pools from this
  /// same executable, sends ``startActions`` (and ``stopActions`` when asked to stop), and returns
  /// the exit status once it has shut down.
  ///
  /// A ``StartMode`` that runs another application calls this on it.
  @MainActor
  public func runCoordinator(_ options: StartOptions) async throws -> Int32 {
    // Before any listener reckons its descriptor reserve from the limit.
    DescriptorLimit.raiseToHardLimit()
    if let ha = options.highAvailability, options.leadership == nil { return try await runHighlyAvailable(options, ha) }
    let metrics = options.servedMetrics?.registry ?? options.metrics.map { _ in processMetrics }
    guard options.journals else {
      return try await serve(reducer, initialState: initialState, journal: nil, metrics: metrics, options)
    }
    let started = ContinuousClock.now
    let (journal, state) = try openJournal(options, metrics: metrics)
    if options.leadership?.seedsSharedJournal == true { journal.snapshotForReplicas(state) }
    if let metrics {
      metrics.gauge("switchyard_journal_recovery_duration_seconds", help: "How long opening and replaying the journal took at start.")
        .set(ContinuousClock.now - started)
      metrics.gauge(
        "switchyard_journal_durability_promise_seconds",
        help: "How long --fsync lets an appended record wait before it is durable (0 for always)."
      ).set(options.durability.promisedDelay)
    }
    do {
      let status = try await serve(
        JournaledReducer(reducer, journal: journal), initialState: state, journal: journal, metrics: metrics, options
      )
      return status
    } catch {
      journal.close()
      throw error
    }
  }

  /// A coordinator's registry before it records anything of its own.
  var processMetrics: MetricsRegistry {
    MetricsRegistry.process(application: name, version: version, role: "coordinator")
  }

  /// The owner this application writes into its data directories.
  var journalOwner: JournalOwner {
    JournalOwner(application: name, reducer: Feature.self)
  }

  /// Opens the data directory, refusing one another reducer wrote, and rebuilds the state it holds.
  @MainActor
  private func openJournal(_ options: StartOptions, metrics: MetricsRegistry?) throws -> (ActionJournal, Feature.State) {
    let directory = options.resolvedDataDirectory
    let log = Logger.standardError.logging(as: name)
    try journalOwner.check(directory: directory)
    // Before replay, which may die on a record as the live store may on an action.
    try PoisonWatch.install(directory: directory)
    let started = ContinuousClock.now
    var journalOptions = JournalOptions(
      durability: options.durability,
      segmentSize: options.segmentSize,
      snapshotsKept: options.snapshotsKept,
      historyRetention: options.historyRetention,
      repair: options.repair,
      log: log,
      replication: options.leadership?.replication
    )
    if let metrics { journalOptions.recordFsyncs(in: metrics) }
    let opened: (ActionJournal, Feature.State)
    do {
      opened = try ActionJournal.open(
        directory: directory,
        options: journalOptions,
        policy: options.snapshotPolicy,
        replay: ActionReplay(reducer, version: dataVersion, migrations: migrations),
        initialState: initialState,
        skipping: options.skipRecord,
        acceptingDivergence: options.acceptsDivergence,
        log: log
      )
    } catch let JournalError.locked(_, holder) where options.dataDirectory == nil {
      // The run directory's own data directory is held by the coordinator running there.
      throw CoordinatorError.alreadyRunning(runDirectory: options.runDirectory, pid: holder.flatMap { Int32($0) })
    }
    let (journal, state) = opened
    do {
      try journalOwner.claim(directory: directory)
    } catch {
      journal.close()
      throw error
    }
    log(.info(Self.recoveryLine(journal.journal.recovery, directory: directory, elapsed: .now - started), .integer("action_sequence", journal.journal.recovery.lastSequence)))
    return (journal, state)
  }

  private static func recoveryLine(_ recovery: JournalRecoveryReport, directory: String, elapsed: Duration) -> String {
    guard recovery.lastSequence > 0 else { return "journaling to \(directory) (empty)" }
    let snapshot = recovery.snapshotSequence.map { "the snapshot of action \($0)" } ?? "the initial state"
    let milliseconds = Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
    return "recovered \(recovery.lastSequence) journal records from \(directory): \(snapshot) plus \(recovery.replayedRecords) "
      + "replayed, in \(String(format: "%.1f", milliseconds)) ms"
  }

  /// The inspector's slider over `journal`: every state it can rebuild, numbered as `history` numbers them.
  @MainActor
  private func inspectorHistory(_ journal: ActionJournal) throws -> any HistorySource {
    let directory = journal.journal.directory
    return try JournalHistorySource(
      directory: directory,
      replay: ActionReplay(reducer, skippingRecordsIn: directory, version: dataVersion, migrations: migrations),
      latest: { journal.lastActionSequence }
    )
  }

  @MainActor
  private func serve<Root: Reducer>(
    _ root: Root,
    initialState: Feature.State,
    journal: ActionJournal?,
    metrics: MetricsRegistry?,
    _ options: StartOptions
  ) async throws -> Int32 where Root.State == Feature.State, Root.Action == Feature.Action {
    let pools = options.pools.isEmpty ? self.pools : options.pools
    if let served = options.workerKinds {
      let remote = Set(options.broker?.kinds ?? [])
      if let unserved = pools.first(where: { !remote.contains($0.kind) && !served.contains($0.kind.rawValue) }) {
        throw StartError.noHandler(kind: unserved.kind.rawValue, served: served)
      }
    }
    var configuration = CoordinatorConfiguration(
      runDirectory: options.runDirectory,
      pools: pools,
      shutdownGrace: options.shutdownGrace,
      version: version
    )
    configuration.metrics = metrics
    configuration.slowReduction = options.slowReduction
    configuration.controlPort = try options.controlPort ?? options.controlListen.map { try ControlPort(binding: $0.address, token: $0.token) }
    if let broker = options.broker {
      let transport = try RedisTransport(
        configuration: broker.redis, coordinator: broker.coordinator ?? name, kinds: broker.kinds, log: configuration.logEvent
      )
      for kind in broker.kinds { configuration.transports[kind] = transport }
    }
    let coordinator = Coordinator(
      configuration: configuration,
      initialState: initialState,
      reducer: root
    )
    coordinator.actionLog = journal
    coordinator.clientActions = clientActions
    if let leadership = options.leadership { coordinator.highAvailability = leadership.status }
    // Signals first: the parent's exit arrives as SIGTERM and must shut down in order.
    coordinator.handleTerminationSignals(from: options.terminationSignals ?? TerminationSignals())
    if let parent = options.parent { try ParentExit.terminateWith(parent) }
    // Before the coordinator: a taken inspector port fails the start with nothing to undo.
    let inspector = try options.http.map { configuration in
      try Inspector.start(
        coordinator, configuration: configuration, history: try journal.map(inspectorHistory),
        whatIf: WhatIfReplay(reducer, version: dataVersion, migrations: migrations, dataDirectory: journal?.journal.directory)
      )
    }
    if let inspector, let journal { AcceptedDivergenceEntries.show(of: journal, inspector.show) }
    if let inspector, let metrics {
      let pages = metrics.gauge("switchyard_inspector_pages", help: "Inspector pages connected.")
      let connected = inspector.connectedPages
      metrics.refreshOnScrape { pages.set(Double(connected())) }
    }
    // A standby's metrics are served already, and go on being served after this coordinator.
    var ownMetrics: ServedMetrics?
    if let metrics, let configuration = options.metrics, options.servedMetrics == nil {
      ownMetrics = try ServedMetrics.start(metrics, configuration: configuration)
    }
    do {
      try coordinator.start()
    } catch {
      await ownMetrics?.server.stop()
      throw error
    }
    journal?.resumeEffects(in: coordinator)
    journal?.snapshotAfterLongRecovery(coordinator.store.state)
    for action in startActions {
      coordinator.store.send(action)
    }
    let sizes = pools.map { "\($0.kind)=\($0.size)" }.joined(separator: ",")
    Logger.standardError.log(
      .info(
        "coordinator \(getpid()) serving \(coordinator.socketPath ?? "") with pools \(sizes); Ctrl-C stops it.",
        .string("program", name), .integer("pid", getpid())
      )
    )
    // The application's own words, as it wrote them.
    for line in startMessage.split(separator: "\n") { Logger.standardError.log(.info(String(line))) }
    ownMetrics?.announce(as: name)
    await coordinator.runUntilTerminated { [stopActions] in
      // A missing Redis replica must not hold the shutdown: the records it lacks are reported.
      options.leadership?.stopWaitingForReplicas()
      for action in stopActions { coordinator.store.send(action) }
    }
    journal?.close(finalState: coordinator.store.state)
    await inspector?.stop()
    await ownMetrics?.server.stop()
    return 0
  }
}
