import Foundation
import SwitchyardHighAvailability
import SwitchyardInspector
import SwitchyardJournal
import SwitchyardNet
import SwitchyardRuntime

extension Application {
  /// `start --ha`: stands by, copying the shared journal into the data directory and a read-only
  /// replica of the state that its control socket and its inspector serve (with its `--metrics`),
  /// until this coordinator wins the lease or a signal stops it; then serves as
  /// ``runCoordinator(_:)`` does after a crash (the copy is recovered, effects in flight made
  /// again), writing every record to the shared journal.
  ///
  /// When the lease is lost (Redis refused a renewal, or one came too late: the process was
  /// stopped, or cut off), the coordinator shuts down and the process starts again as a standby.
  @MainActor
  func runHighlyAvailable(_ options: StartOptions, _ ha: HighAvailabilityOptions) async throws -> Int32 {
    let log = Logger.standardError.logging(as: name)
    // Bound once for the process, like the control port: the standby's inspector and then the one
    // of the coordinator it becomes serve it, and a client waits in its backlog between the two.
    var bound = options
    if let http = options.http {
      do {
        bound.http?.listeningPort = try ListeningPort(host: http.host, port: http.port, inheritedAs: "SWITCHYARD_HTTP_PORT_FD")
      } catch {
        throw InspectorError.cannotListen(.cannotListen(port: http.port, reason: error.description))
      }
    }
    let options = bound
    // Bound once for the process: the standby serves it, then the coordinator it becomes. Bound
    // before the lease is asked for, which advertises the port taken (the one picked, for port 0).
    let port = try options.controlListen.map { try ControlPort(binding: $0.address, token: $0.token) }
    let advertised = options.controlListen.flatMap { listen in port.map { listen.advertised(port: $0.port) } }
    let configuration = HighAvailabilityConfiguration(
      redis: ha.redis, coordinator: ha.coordinator ?? name, leaseTTL: ha.leaseTTL,
      holder: LeaseHolder(runDirectory: options.runDirectory, controlAddress: advertised).description,
      replicas: ha.replicas)
    let node = HighAvailabilityNode(configuration: configuration)
    let replica = StandbyReplica(reducer)
    // Served from now on, by the standby and then the coordinator it becomes: a scraper sees one
    // target, whose `switchyard_ha_leader` says which it is.
    let metrics = try options.metrics.map { try ServedMetrics.start(processMetrics, configuration: $0) }
    if let metrics {
      HighAvailabilityMetrics.register(in: metrics.registry, node: node)
      metrics.announce(as: name)
    }
    let directory = options.resolvedDataDirectory
    let standby = standbyStatus(options, port: port, node: node, replica: replica)
    // Where the inspector will be, the inspector's page over the copy, read-only.
    let page: ReplicaInspector?
    do {
      page = try options.http.map { try replicaInspector($0, directory: directory, status: standby, node: node, replica: replica) }
    } catch {
      await metrics?.server.stop()
      throw error
    }
    let control: StandbyControlSocket
    do {
      control = try standbyControlSocket(options, port: port, status: standby, node: node, replica: replica, log: log)
    } catch {
      await page?.stop()
      await metrics?.server.stop()
      throw error
    }
    if let page { log(page.servingEvent) }
    // A standby stops in order on SIGINT or SIGTERM too, within a poll.
    let signals = TerminationSignals()
    let stopping = Occurrence()
    Task {
      for await number in signals.received {
        log(.info("received signal \(number); stops standing by"))
        stopping.happened()
      }
    }
    let lost = Occurrence()
    let leadership: Leadership
    do {
      // The copy names its application as a leader's directory does, so `history` on this host
      // replays it with the right reducer.
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      try journalOwner.claim(directory: directory)
      leadership = try await offCooperativePool {
        try node.standByUntilLeading(
          directory: directory,
          journalOptions: JournalOptions(segmentSize: options.segmentSize, snapshotsKept: options.snapshotsKept, log: log),
          restore: { try replica.restore($0) },
          replay: { record in
            let action = try replica.apply(record)
            // Encoded for the page's action stream only while a page is open.
            guard let page, page.isWatched, let action, let json = try? WireJSONEncoder().encodeValue(action) else { return }
            page.show([ActionEntry(sequence: record.sequence, action: json)])
          },
          log: log,
          lost: { reason in
            log(.info("lost the lease (\(reason)); stepping down to standby"))
            lost.happened()
            kill(getpid(), SIGTERM)
          },
          isStopped: { stopping.hasHappened })
      }
    } catch {
      control.stop()
      await page?.stop()
      await metrics?.server.stop()
      signals.finish()
      if error is CancellationError { return 0 }
      throw error
    }
    control.stop()
    // The inspector serves the port the page leaves.
    await page?.stop()
    // Subscribed before the standby's stream ends, so that no signal falls between the two.
    let coordinatorSignals = TerminationSignals()
    signals.finish()
    // Asked to stop as it won the lease: another standby takes over, with nothing lost.
    if stopping.hasHappened {
      leadership.keeper.stop(release: true)
      await metrics?.server.stop()
      return 0
    }
    var leading = options
    leading.leadership = leadership
    leading.controlPort = port
    leading.servedMetrics = metrics
    leading.terminationSignals = coordinatorSignals
    let status: Int32
    do {
      status = try await runCoordinator(leading)
    } catch {
      await metrics?.server.stop()
      throw error
    }
    if let unconfirmed = leadership.unconfirmedRecords {
      log(
        .warning(
          "steps down with \(unconfirmed.count) journal records (\(unconfirmed.lowerBound)–\(unconfirmed.upperBound)) on the Redis primary that its replicas had not confirmed (--ha-replicas \(ha.replicas)); they were not acknowledged",
          .integer("unconfirmed_records", unconfirmed.count)))
    }
    guard lost.hasHappened else {
      leadership.keeper.stop(release: true)
      await metrics?.server.stop()
      return status
    }
    leadership.keeper.stop(release: false)
    StepDown.restartAsStandby(passingOn: port, [metrics?.port, options.http?.listeningPort].compactMap { $0 }, log: log)
  }

  /// The standby's status, as its control socket and its page give it: its role, epoch and lag.
  private func standbyStatus(
    _ options: StartOptions, port: ControlPort?, node: HighAvailabilityNode, replica: StandbyReplica<Feature>
  ) -> @MainActor @Sendable () -> StatusReport {
    let started = ContinuousClock.now
    let runDirectory = options.runDirectory
    let controlAddress = port?.url
    return { [version] in
      let state = replica.current.flatMap { try? WireJSONEncoder().encode($0.state) }
      let uptime = ContinuousClock.now - started
      return StatusReport(
        coordinator: CoordinatorStatus(
          pid: getpid(), version: version, runDir: runDirectory,
          uptimeSeconds: Double(uptime.components.seconds) + Double(uptime.components.attoseconds) / 1e18,
          stateBytes: state?.count ?? 0, actionsTotal: 0, actionsPerSecond: 0, controlAddress: controlAddress),
        pools: [], workers: [], highAvailability: standbyReport(node.status))
    }
  }

  /// The standby's control socket: its status, and the replica's state.
  @MainActor
  private func standbyControlSocket(
    _ options: StartOptions, port: ControlPort?, status: @escaping @MainActor @Sendable () -> StatusReport,
    node: HighAvailabilityNode, replica: StandbyReplica<Feature>, log: @escaping @Sendable (LogEvent) -> Void
  ) throws -> StandbyControlSocket {
    try StandbyControlSocket(
      runDirectory: options.runDirectory,
      port: port,
      status: status,
      state: {
        guard let state = replica.current?.state else { return try RawJSON(parsing: Array("null".utf8)) }
        return try RawJSON(parsing: WireJSONEncoder().encode(state))
      },
      leader: { node.status.leader },
      log: log)
  }

  /// The standby's inspector, read-only over its copy: the replica's state, the history its copy of
  /// the journal holds, and "what if" over it; sends and scales are refused, naming the leader.
  @MainActor
  private func replicaInspector(
    _ configuration: InspectorConfiguration, directory: String, status: @escaping @MainActor @Sendable () -> StatusReport,
    node: HighAvailabilityNode, replica: StandbyReplica<Feature>
  ) throws -> ReplicaInspector {
    let history = try JournalHistorySource(
      directory: directory,
      replay: ActionReplay(reducer, skippingRecordsIn: directory, version: dataVersion, migrations: migrations),
      latest: { replica.current?.sequence ?? 0 }
    )
    return try ReplicaInspector.serve(
      configuration: configuration,
      status: status,
      state: {
        guard let (state, sequence) = replica.current else { throw NoReplicaYet() }
        return (sequence, try WireJSONEncoder().encode(state))
      },
      history: history,
      whatIf: WhatIfReplay(reducer, version: dataVersion, migrations: migrations, dataDirectory: directory),
      refusal: { NotLeader(leader: node.status.leader) }
    )
  }
}

/// What the standby's socket says of it: a standby, even once it has won the lease, until the
/// coordinator that leads replaces the socket; with where the leader is reached, over TCP if it
/// serves the control protocol there, and by its run directory when it runs on this host.
func standbyReport(_ report: HighAvailabilityReport) -> HighAvailabilityReport {
  var report = report
  report.role = .standby
  guard let leader = report.leader.flatMap(LeaseHolder.init) else { return report }
  report.leaderControlAddress = leader.controlAddress
  if leader.host == ProcessInfo.processInfo.hostName { report.leaderRunDirectory = leader.runDirectory }
  return report
}

/// Runs `body` on a thread of its own and returns what it returned.
private func offCooperativePool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
  try await withCheckedThrowingContinuation { continuation in
    Thread.detachNewThread { continuation.resume(with: Result(catching: body)) }
  }
}
