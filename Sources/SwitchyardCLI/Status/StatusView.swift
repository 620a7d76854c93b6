import SwitchyardWire

/// `status` as people read it: a coordinator line, a pools table, a workers table.
package struct StatusView: Sendable {
  /// What to show.
  package var report: StatusReport
  /// The application's name, shown with the version its coordinator reports.
  package var applicationName: String

  /// Creates the view of a report from the coordinator of `applicationName`.
  package init(_ report: StatusReport, applicationName: String = "switchyard") {
    self.report = report
    self.applicationName = applicationName
  }

  /// The three parts, separated by blank lines; colour only when `colored`.
  package func render(colored: Bool) -> String {
    [coordinatorLine(colored: colored), poolsTable.render(colored: colored), workersTable.render(colored: colored)]
      .joined(separator: "\n") + remoteTables(colored: colored)
  }

  private func coordinatorLine(colored: Bool) -> String {
    let coordinator = report.coordinator
    let facts = [
      "pid \(coordinator.pid)",
      "up \(HumanReadable.duration(seconds: coordinator.uptimeSeconds))",
      "state \(HumanReadable.bytes(coordinator.stateBytes))",
      "\(HumanReadable.fixed(coordinator.actionsPerSecond, digits: 1)) actions/s",
      "\(HumanReadable.count(coordinator.actionsTotal)) actions",
      "\(applicationName) \(coordinator.version)",
    ]
    return TextColor.bold.apply("coordinator", enabled: colored) + "  " + facts.joined(separator: "  ") + "\n"
      + TextColor.dim.apply("run dir \(coordinator.runDir)" + (coordinator.controlAddress.map { "  control \($0)" } ?? ""), enabled: colored) + "\n"
      + (report.journal.map { journalLine($0, colored: colored) } ?? "")
      + (report.highAvailability.map { highAvailabilityLine($0, colored: colored) } ?? "")
  }

  /// With `--ha`: its role, the lease's epoch, who leads, how far behind its copy is, and whether
  /// it reaches Redis.
  private func highAvailabilityLine(_ ha: HighAvailabilityReport, colored: Bool) -> String {
    var facts = [ha.role.rawValue, "epoch \(ha.epoch)", "leader \(ha.leader ?? "none")", "applied \(ha.appliedSequence)", "lag \(ha.lag)"]
    if let unreachable = ha.redisUnreachable { facts.append(TextColor.red.apply("Redis unreachable: \(unreachable)", enabled: colored)) }
    return TextColor.bold.apply("ha", enabled: colored) + "  " + facts.joined(separator: "  ") + "\n"
  }

  /// The journal: how far it has written, how far that is on disk, its size and newest snapshot.
  private func journalLine(_ journal: JournalReport, colored: Bool) -> String {
    var facts = [
      "fsync \(journal.fsync)",
      "last \(journal.lastSequence)",
      "durable \(journal.durableSequence) (lag \(journal.undurableRecords))",
      "fsync \(HumanReadable.latency(micros: journal.lastSyncMicros))",
      "\(HumanReadable.bytes(Int(journal.bytes)))",
      "snapshot \(journal.snapshotSequence.map(String.init) ?? "none")",
    ]
    if let failure = journal.failure { facts.append(TextColor.red.apply("stopped: \(failure)", enabled: colored)) }
    return TextColor.bold.apply("journal", enabled: colored) + "  " + facts.joined(separator: "  ") + "\n"
      + TextColor.dim.apply("data dir \(journal.dataDir)" + Self.dataVersion(journal), enabled: colored) + "\n"
  }

  /// `  data version 2 (oldest kept: 1)`: the version written, and the oldest still read back when
  /// older; empty for a coordinator that does not say.
  private static func dataVersion(_ journal: JournalReport) -> String {
    guard let version = journal.dataVersion else { return "" }
    guard let oldest = journal.oldestDataVersion, oldest < version else { return "  data version \(version)" }
    return "  data version \(version) (oldest kept: \(oldest))"
  }

  private var poolsTable: Table {
    var table = Table([
      .init("POOL"), .init("SIZE", alignsRight: true), .init("BUSY", alignsRight: true),
      .init("QUEUED", alignsRight: true), .init("DONE", alignsRight: true), .init("FAILED", alignsRight: true),
      .init("RETRIED", alignsRight: true), .init("RESTARTS", alignsRight: true), .init("P50", alignsRight: true),
      .init("P99", alignsRight: true), .init("HEALTH"),
    ])
    for pool in report.pools.sorted(by: { $0.kind < $1.kind }) {
      let size = pool.size == pool.target ? "\(pool.size)" : "\(pool.size)→\(pool.target)"
      table.append([
        .init(pool.kind),
        .init(size, color: pool.size == pool.target ? nil : .yellow),
        .init("\(pool.busy)"),
        .init("\(pool.queued)", color: pool.queued > 0 ? .yellow : nil),
        .init(HumanReadable.count(pool.completed)),
        .init(HumanReadable.count(pool.failed), color: pool.failed > 0 ? .red : nil),
        .init(HumanReadable.count(pool.retried)),
        .init(HumanReadable.count(pool.restarts), color: pool.restarts > 0 ? .yellow : nil),
        .init(pool.completed + pool.failed > 0 ? HumanReadable.latency(micros: pool.latencyP50Micros) : "-"),
        .init(pool.completed + pool.failed > 0 ? HumanReadable.latency(micros: pool.latencyP99Micros) : "-"),
        .init(pool.health, color: Self.color(ofHealth: pool.health)),
      ])
    }
    return table
  }

  private var workersTable: Table {
    var table = Table([
      .init("WORKER", alignsRight: true), .init("KIND"), .init("STATE"), .init("IN-FLIGHT", alignsRight: true),
      .init("DONE", alignsRight: true), .init("FAILED", alignsRight: true), .init("HEARTBEAT"),
    ])
    let workers = report.workers.sorted { ($0.kind, $0.pid) < ($1.kind, $1.pid) }
    // A remote pool's one worker is its broker, the stream, which has no process; its readers are
    // listed below. Reports from before `broker` name it by their pool's `remote`.
    let remoteKinds = Set(report.pools.filter { $0.remote != nil }.map(\.kind))
    for worker in workers {
      table.append([
        .init(worker.broker != nil || remoteKinds.contains(worker.kind) ? "stream" : "\(worker.pid)"),
        .init(worker.kind),
        .init(worker.state, color: Self.color(ofWorkerState: worker.state)),
        .init("\(worker.inFlight)"),
        .init(HumanReadable.count(worker.completed)),
        .init(HumanReadable.count(worker.failed), color: worker.failed > 0 ? .red : nil),
        .init(worker.lastHeartbeatMillisAgo.map { HumanReadable.age(millis: $0) + " ago" } ?? "-"),
      ])
    }
    return table
  }

  private static func color(ofHealth health: String) -> TextColor {
    switch health {
    case "healthy": .green
    case "degraded": .yellow
    default: .red
    }
  }

  private static func color(ofWorkerState state: String) -> TextColor? {
    switch state {
    case "ready": .green
    case "starting", "draining": .yellow
    case "stopped": .dim
    default: nil
    }
  }
}
