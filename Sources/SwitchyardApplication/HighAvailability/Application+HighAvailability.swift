import Foundation
import SwitchyardHighAvailability
import SwitchyardInspector
import SwitchyardJournal
import SwitchyardNet
import SwitchyardRuntime

extension Application {
  /// `start --ha`: stands by, copying the shared journal into the data directory and a read-only
  /// replica of the state that its control socket serves (with its `--metrics`, and a page where
  /// its inspector will be), until this coordinator wins the lease; then serves as
  /// ``runCoordinator(_:)`` does after a crash (the copy is recovered, effects in flight made
  /// again), writing every record to the shared journal.
  ///
  /// When the lease is lost (Redis refused a renewal, or one came too late: the process was
  /// stopped, or cut off), the coordinator shuts down and the process starts again as a standby.
  @MainActor
  func runHighlyAvailable(_ options: StartOptions, _ ha: HighAvailabilityOptions) async throws -> Int32 {
    let log = Logger.standardError.logging(as: name)
    // Bound once for the process, like the control port: the standby's page and then the inspector
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
    // Where the inspector will be, a page that names the leader and reloads into the inspector.
    var page: StandbyPage?
    let control: StandbyControlSocket
    do {
      page = try options.http.map { try StandbyPage.serve(configuration: $0) { standbyReport(node.status) } }
      control = try standbyControlSocket(options, port: port, node: node, replica: replica, log: log)
    } catch {
      await page?.stop()
      await metrics?.server.stop()
      throw error
    }
    if let page { log(page.servingEvent) }
    let lost = LeaseLoss()
    let directory = options.resolvedDataDirectory
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
          restore: { try replica.restore($0) }, replay: { try replica.apply($0) },
          log: log,
          lost: { reason in
            log(.info("lost the lease (\(reason)); stepping down to standby"))
            lost.happened()
            kill(getpid(), SIGTERM)
          })
      }
    } catch {
      control.stop()
      await page?.stop()
      await metrics?.server.stop()
      throw error
    }
    control.stop()
    // The inspector serves the port the page leaves.
    await page?.stop()
    var leading = options
    leading.leadership = leadership
    leading.controlPort = port
    leading.servedMetrics = metrics
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

  /// The standby's control socket: status with its role, epoch and lag, and the replica's state.
  @MainActor
  private func standbyControlSocket(
    _ options: StartOptions, port: ControlPort?, node: HighAvailabilityNode, replica: StandbyReplica<Feature>, log: @escaping @Sendable (LogEvent) -> Void
  ) throws -> StandbyControlSocket {
    let started = ContinuousClock.now
    let runDirectory = options.runDirectory
    return try StandbyControlSocket(
      runDirectory: runDirectory,
      port: port,
      status: { [version] in
        let state = replica.state.flatMap { try? WireJSONEncoder().encode($0) }
        let uptime = ContinuousClock.now - started
        return StatusReport(
          coordinator: CoordinatorStatus(
            pid: getpid(), version: version, runDir: runDirectory,
            uptimeSeconds: Double(uptime.components.seconds) + Double(uptime.components.attoseconds) / 1e18,
            stateBytes: state?.count ?? 0, actionsTotal: 0, actionsPerSecond: 0, controlAddress: port?.url),
          pools: [], workers: [], highAvailability: standbyReport(node.status))
      },
      state: {
        guard let state = replica.state else { return try RawJSON(parsing: Array("null".utf8)) }
        return try RawJSON(parsing: WireJSONEncoder().encode(state))
      },
      leader: { node.status.leader },
      log: log)
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
