/// `switchyard load`'s report as text: where and how it ran, throughput, round trips by worker
/// kind, each second's series, errors, how every effect ended, thresholds, and for a sweep the
/// scaling table.
package struct LoadReport: Sendable {
  /// One result, or one per pool size of a sweep.
  package var results: [LoadResult]
  /// The kind a sweep resized, if it was a sweep.
  package var sweptKind: String?
  /// The processors this machine has: where a CPU-bound pool stops scaling.
  package var cores: Int
  /// When, where and how the load ran; `nil` leaves it out.
  package var metadata: LoadMetadata?
  /// The criteria every run must pass.
  package var thresholds: [LoadThreshold]

  /// Creates a report.
  package init(
    results: [LoadResult],
    sweptKind: String? = nil,
    cores: Int = MachineLoad.cores,
    metadata: LoadMetadata? = nil,
    thresholds: [LoadThreshold] = []
  ) {
    self.results = results
    self.sweptKind = sweptKind
    self.cores = cores
    self.metadata = metadata
    self.thresholds = thresholds
  }

  /// Effects lost over every run: the report's verdict.
  package var lostEffects: Int64 {
    results.reduce(0) { $0 + $1.lostEffects }
  }

  /// The thresholds some run breached, in the order given.
  package var breachedThresholds: [LoadThreshold] {
    thresholds.filter { threshold in !results.allSatisfy(threshold.passes) }
  }

  /// The run's label in series and thresholds: its scenario, or the swept pool's size.
  package func label(of result: LoadResult) -> String {
    sweptKind.map { "\($0)=\(result.poolSizes[$0] ?? 0)" } ?? result.scenario
  }

  /// The whole report; colour only when `colored`.
  package func render(colored: Bool) -> String {
    var sections = metadata.map { [Self.metadataLines($0, builds: Set(results.map(\.build)).sorted())] } ?? []
    sections += results.map { summary(of: $0, colored: colored) }
    if let sweptKind { sections.append(scalingTable(sweptKind).render(colored: colored)) }
    if !thresholds.isEmpty { sections.append(thresholdLines(colored: colored)) }
    let verdict = lostEffects == 0
      ? TextColor.green.apply("lost effects: 0", enabled: colored)
      : TextColor.red.apply("lost effects: \(lostEffects) — every effect must end finished, failed or cancelled", enabled: colored)
    return sections.joined(separator: "\n") + "\n" + verdict + "\n"
  }

  private static func metadataLines(_ metadata: LoadMetadata, builds: [String]) -> String {
    let options = metadata.options.isEmpty ? "none" : metadata.options.joined(separator: " ")
    return "run            started \(metadata.startedAt) on \(metadata.host) by \(metadata.tool)\n"
      + "build          \(builds.isEmpty ? "unknown" : builds.joined(separator: ", ")) (the coordinator's version)\n"
      + "options        \(options)\n"
  }

  /// One line per threshold and run: ✓ or ✗, what it asked, what was measured.
  private func thresholdLines(colored: Bool) -> String {
    var lines = [TextColor.bold.apply("thresholds", enabled: colored)]
    for threshold in thresholds {
      for result in results {
        let passed = threshold.passes(result)
        let mark = passed ? TextColor.green.apply("✓", enabled: colored) : TextColor.red.apply("✗", enabled: colored)
        let values = threshold.observed(in: result).map { "\($0.subject) \(threshold.format($0.value))" }
        let run = results.count > 1 ? " (\(label(of: result)))" : ""
        lines.append("  \(mark) \(threshold.description.padded(to: 20)) \(values.isEmpty ? "nothing measured" : values.joined(separator: ", "))\(run)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private func summary(of result: LoadResult, colored: Bool) -> String {
    let rate = HumanReadable.fixed(result.storeActionsPerSecond, digits: 1)
    let stopped = result.stoppedEarly ? " (stopped early by a signal)" : ""
    let heading =
      "\(result.scenario): \(result.users) users for \(HumanReadable.fixed(result.seconds, digits: 1)) s\(stopped), pools \(result.poolsDescription)"
    let machine = "  machine        \(cores) cores, load average \(HumanReadable.fixed(result.loadAverage, digits: 2)) at the start"
    let lines = [
      TextColor.bold.apply(heading, enabled: colored),
      machine,
      "  actions sent   \(HumanReadable.count(result.actionsSent))",
      "  into the store \(HumanReadable.count(result.storeActions))  (\(rate) actions/s)",
      "",
      "",
    ]
    let roundTrips = Self.roundTripTable(result)
    let effects = Self.effectsTable(result)
    let errors = Self.errorsTable(result)
    let errorText = result.errors.isEmpty ? "errors: none\n" : errors.render(colored: colored)
    let series = result.series.isEmpty ? "" : "\n" + Self.seriesTable(result).render(colored: colored)
    return lines.joined(separator: "\n") + roundTrips.render(colored: colored) + series + "\n" + effects.render(colored: colored)
      + "\n" + Self.failoverLines(result, colored: colored) + errorText
  }

  /// Each failover the run went through, and how the steps it interrupted ended; nothing without one.
  static func failoverLines(_ result: LoadResult, colored: Bool) -> String {
    guard !result.failovers.isEmpty || result.interrupted.count > 0 else { return "" }
    var lines = result.failovers.map { failover in
      "failover       at \(HumanReadable.fixed(failover.atSecond, digits: 1)) s: \(failover.from) → \(failover.to), "
        + "found in \(HumanReadable.fixed(failover.withoutLeaderSeconds, digits: 1)) s"
    }
    let steps = result.interrupted
    let failed = steps.failed.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
    let lost = steps.lost.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
    let lostText = "lost \(steps.lostCount)" + (lost.isEmpty ? "" : " (\(lost.joined(separator: ", ")))")
    lines.append(
      "interrupted    \(steps.count) steps: completed \(steps.completed), failed \(steps.failed.values.reduce(0, +))"
        + (failed.isEmpty ? "" : " (\(failed.joined(separator: ", ")))") + ", "
        + (steps.lostCount == 0 ? TextColor.green : .red).apply(lostText, enabled: colored) + "; resent \(steps.resent)")
    return lines.joined(separator: "\n") + "\n\n"
  }

  /// Each second of the run: what was sent and answered, latency percentiles, errors; units in the headings.
  static func seriesTable(_ result: LoadResult) -> Table {
    var table = Table([
      .init("SECOND (s)", alignsRight: true), .init("SENT (/s)", alignsRight: true), .init("ACKED (/s)", alignsRight: true),
      .init("P50 (ms)", alignsRight: true), .init("P95 (ms)", alignsRight: true), .init("P99 (ms)", alignsRight: true),
      .init("ERRORS (/s)", alignsRight: true),
    ])
    for second in result.series {
      let latencies = [second.p50, second.p95, second.p99].map { second.acked == 0 ? "-" : HumanReadable.fixed(Double($0) / 1_000, digits: 1) }
      table.append(
        [.init("\(second.second)"), .init(HumanReadable.count(second.sent)), .init(HumanReadable.count(second.acked))]
          + latencies.map { .init($0) } + [.init(HumanReadable.count(second.errors), color: second.errors > 0 ? .yellow : nil)]
      )
    }
    return table
  }

  /// Round-trip percentiles by worker kind.
  static func roundTripTable(_ result: LoadResult) -> Table {
    var table = Table([
      .init("ROUND TRIP"), .init("COUNT", alignsRight: true), .init("P50", alignsRight: true), .init("P90", alignsRight: true),
      .init("P95", alignsRight: true), .init("P99", alignsRight: true), .init("MAX", alignsRight: true),
    ])
    for (kind, summary) in result.roundTrips.sorted(by: { $0.key < $1.key }) {
      table.append([
        .init(kind), .init(HumanReadable.count(summary.count)), .init(HumanReadable.latency(micros: summary.p50)),
        .init(HumanReadable.latency(micros: summary.p90)), .init(HumanReadable.latency(micros: summary.p95)),
        .init(HumanReadable.latency(micros: summary.p99)),
        .init(HumanReadable.latency(micros: summary.max)),
      ])
    }
    return table
  }

  /// How each pool's effects ended, for pools that started any.
  static func effectsTable(_ result: LoadResult) -> Table {
    var table = Table([
      .init("EFFECTS"), .init("STARTED", alignsRight: true), .init("COMPLETED", alignsRight: true),
      .init("FAILED", alignsRight: true), .init("CANCELLED", alignsRight: true), .init("LOST", alignsRight: true),
    ])
    for (kind, account) in result.effects.sorted(by: { $0.key < $1.key }) where account.started != 0 {
      table.append([
        .init(kind), .init(HumanReadable.count(account.started)), .init(HumanReadable.count(account.completed)),
        .init(HumanReadable.count(account.failed), color: account.failed > 0 ? .yellow : nil),
        .init(HumanReadable.count(account.cancelled)),
        .init(HumanReadable.count(account.lost), color: account.lost == 0 ? .green : .red),
      ])
    }
    return table
  }

  /// Errors by type.
  static func errorsTable(_ result: LoadResult) -> Table {
    var table = Table([.init("ERRORS"), .init("COUNT", alignsRight: true)])
    for (type, count) in result.errors.sorted(by: { $0.key < $1.key }) {
      table.append([.init(type, color: .yellow), .init(HumanReadable.count(count))])
    }
    return table
  }

  /// One row per pool size: how throughput and latency scale.
  func scalingTable(_ kind: String) -> Table {
    var table = Table([
      .init("\(kind.uppercased()) WORKERS", alignsRight: true), .init("ACTIONS/S", alignsRight: true),
      .init("ROUND TRIPS/S", alignsRight: true), .init("P50", alignsRight: true), .init("P99", alignsRight: true),
      .init("ERRORS", alignsRight: true), .init("LOST", alignsRight: true),
    ])
    for result in results {
      let summary = result.roundTrips[kind]
      table.append([
        .init("\(result.poolSizes[kind] ?? 0)"),
        .init(HumanReadable.fixed(result.storeActionsPerSecond, digits: 1)),
        .init(HumanReadable.fixed(result.roundTripsPerSecond, digits: 1)),
        .init(summary.map { HumanReadable.latency(micros: $0.p50) } ?? "-"),
        .init(summary.map { HumanReadable.latency(micros: $0.p99) } ?? "-"),
        .init(HumanReadable.count(result.errors.values.reduce(0, +))),
        .init(HumanReadable.count(result.lostEffects)),
      ])
    }
    return table
  }
}
