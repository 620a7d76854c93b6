/// `switchyard load`'s report as text: throughput, round trips by worker kind, errors, how every
/// effect ended, and for a sweep the scaling table.
package struct LoadReport: Sendable {
  /// One result, or one per pool size of a sweep.
  package var results: [LoadResult]
  /// The kind a sweep resized, if it was a sweep.
  package var sweptKind: String?
  /// The processors this machine has: where a CPU-bound pool stops scaling.
  package var cores: Int

  /// Creates a report.
  package init(results: [LoadResult], sweptKind: String? = nil, cores: Int = MachineLoad.cores) {
    self.results = results
    self.sweptKind = sweptKind
    self.cores = cores
  }

  /// Effects lost over every run: the report's verdict.
  package var lostEffects: Int64 {
    results.reduce(0) { $0 + $1.lostEffects }
  }

  /// The whole report; colour only when `colored`.
  package func render(colored: Bool) -> String {
    var sections = results.map { summary(of: $0, colored: colored) }
    if let sweptKind { sections.append(scalingTable(sweptKind).render(colored: colored)) }
    let verdict = lostEffects == 0
      ? TextColor.green.apply("lost effects: 0", enabled: colored)
      : TextColor.red.apply("lost effects: \(lostEffects) — every effect must end finished, failed or cancelled", enabled: colored)
    return sections.joined(separator: "\n") + "\n" + verdict + "\n"
  }

  private func summary(of result: LoadResult, colored: Bool) -> String {
    let rate = HumanReadable.fixed(result.storeActionsPerSecond, digits: 1)
    let heading = "\(result.scenario): \(result.users) users for \(HumanReadable.fixed(result.seconds, digits: 1)) s, pools \(result.poolsDescription)"
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
    return lines.joined(separator: "\n") + roundTrips.render(colored: colored) + "\n" + effects.render(colored: colored)
      + "\n" + errorText
  }

  /// Round-trip percentiles by worker kind.
  static func roundTripTable(_ result: LoadResult) -> Table {
    var table = Table([
      .init("ROUND TRIP"), .init("COUNT", alignsRight: true), .init("P50", alignsRight: true), .init("P90", alignsRight: true),
      .init("P99", alignsRight: true), .init("MAX", alignsRight: true),
    ])
    for (kind, summary) in result.roundTrips.sorted(by: { $0.key < $1.key }) {
      table.append([
        .init(kind), .init(HumanReadable.count(summary.count)), .init(HumanReadable.latency(micros: summary.p50)),
        .init(HumanReadable.latency(micros: summary.p90)), .init(HumanReadable.latency(micros: summary.p99)),
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
