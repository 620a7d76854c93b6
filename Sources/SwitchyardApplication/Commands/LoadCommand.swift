import Foundation

/// `load`: drives a coordinator with simulated users and reports throughput, round-trip latency,
/// errors and lost effects, in total and per second; exits 1 if any effect was lost, 99 if a
/// threshold was breached.
enum LoadCommand {
  /// The exit status when a threshold is breached, as k6's.
  static let thresholdsBreached: Int32 = 99

  static func command(toolName: String, version: String, scenarios: [any LoadScenario]) -> Command {
    let names = scenarios.map(\.name)
    let descriptions = scenarios.map { "  \($0.name.padded(to: 8)) \($0.summary)" }.joined(separator: "\n")
    return Command(
      name: "load",
      abstract: "Drive a coordinator with simulated users; report throughput, latency and lost effects.",
      discussion: """
        Each simulated user has its own control connection and thread. It sends an action, waits
        for the effect's result to reach its slice of state (the round trip), and goes on until
        the duration or the action count runs out. Then the pools drain and the report shows
        where and how it ran (start time, host, build, options), actions/s into the store,
        round-trip p50/p90/p95/p99/max per worker kind, each second's series (actions sent, round
        trips acked, i.e. answered in the state, p50/p95/p99 in ms, errors), errors by type, and
        how every effect ended. An effect started that did not end finished, failed or cancelled is
        lost: the exit status is 1 if any is.

        Ctrl-C (SIGINT) or SIGTERM stops the users early: they take no more steps, the pools drain
        and the report covers the time they ran, saying it was stopped early; a sweep reports the
        runs made so far. A second signal stops at once, without a report.

        Through a failover (coordinators started with --ha) the load goes on: --run-dir may be
        the leader's or a standby's, and when a user's coordinator dies or answers notLeader the
        leader is found again among every coordinator heard of (a standby names the leader's run
        directory on its host), for up to 30 s. A send not acknowledged is sent again to the new
        leader; a step waiting for its effect waits for it there. Each such interrupted step is
        counted as completed, failed (coordinatorRestarted when recovery failed it) or lost with
        its reason, and the lost ones count as lost effects; the effects table is the last
        leader's, from when the load reached it, and store actions add up over each leader's time.

        --threshold 'METRIC<LIMIT' sets a pass/fail criterion, as k6's (repeat it for more): METRIC
        is p50, p90, p95, p99 or max of round trips (of every kind, or one: search.p99), with
        LIMIT in us, ms (the default) or s; errors (a count); or rate (round trips/s); the
        comparison is <, <=, > or >=. Each is judged on every run and listed with what was
        measured; the exit status is 99 if one is breached (1 if effects were lost).
        --ramp SECONDS starts the users evenly over that time instead of at once.
        --report FILE writes the report by FILE's extension: .html (charts), .csv or .ndjson
        (the per-second series: run, second, sent, acked, errors, p50_ms, p95_ms, p99_ms).

        Scenarios:
        \(descriptions.isEmpty ? "  none: this application defines no load scenario" : descriptions)

        --json prints the whole report as one JSON object instead (sorted keys; stable fields, new
        ones may be added):
          format         1
          cores          the machine's processors
          lostEffects    effects lost over every run: the verdict
          sweptKind      the pool a sweep resized (absent without --sweep)
          metadata       startedAt (ISO 8601 UTC), host, tool (name and version), options
          thresholds[]   threshold, run, passed, observed {SUBJECT: value} (µs for latencies)
          runs[]         scenario, users, pools {KIND: N}, seconds, loadAverage (one-minute, as
                         the run began), build (the coordinator's version), actionsSent,
                         storeActions, storeActionsPerSecond, roundTripsPerSecond, lostEffects,
                         roundTrips {KIND: {count, p50Micros, p90Micros, p95Micros, p99Micros,
                         maxMicros}}, series[] {second, sent, acked, errors, p50Micros,
                         p95Micros, p99Micros},
                         effects {KIND: {started, completed, failed, cancelled, inFlightAtStart,
                         inFlightAtEnd, lost}}, errors {"KIND: TYPE" or TYPE: count},
                         failovers[] {from, to, atSecond, withoutLeaderSeconds},
                         interruptedSteps {resent, completed, failed {TYPE: n}, lost {REASON: n}}
          sweep[]        size, storeActionsPerSecond, roundTripsPerSecond, p50Micros, p99Micros,
                         errors, lostEffects (one row per size; empty without --sweep)
        """,
      options: [
        .value("--users", "N", help: "Simulated users (default 8)."),
        .value("--duration", "SECONDS", help: "How long to run (default 10), unless --actions is given."),
        .value("--actions", "N", help: "Stop after N steps across all users instead of after a duration."),
        .value("--scenario", "NAME", help: "What the users do: \(names.joined(separator: ", ")) (default: \(names.first ?? "none"))."),
        .flag("--spawn", help: "Start a coordinator for this load in a temporary run directory, and stop it after."),
        .value("--pools", "KIND=N,…", help: "With --spawn: its pools (default: the scenario's)."),
        .value("--sweep", "KIND=N,N,…", help: "Repeat the load at each size of the KIND pool; print a scaling table."),
        .value("--threshold", "EXPR", repeatable: true, help: "A criterion such as 'p95<50ms' or 'search.p99<400ms'; exit 99 when breached."),
        .value("--ramp", "SECONDS", help: "Start the users evenly over SECONDS (e.g. 10 or 10s) instead of at once."),
        .value("--report", "FILE", repeatable: true, help: "Also write the report to FILE: .html with charts, .csv or .ndjson per-second series."),
        .flag("--json", help: "Print the report as JSON (fields above) instead of text."),
        .runDirectory,
      ],
      examples: [
        "\(toolName) load --spawn --duration 5",
        "\(toolName) load --users 16 --actions 5000",
        "\(toolName) load --spawn --json | python3 -m json.tool",
        "\(toolName) load --spawn --ramp 5s --duration 20 --threshold 'p95<50ms' --report series.csv",
      ] + scenarios.dropFirst().prefix(1).map { "\(toolName) load --scenario \($0.name) --spawn --duration 2" }
        + scenarios.prefix(1).map { scenario in
          let kind = scenario.defaultPools.split(separator: "=").first.map(String.init) ?? "KIND"
          return "\(toolName) load --spawn --sweep \(kind)=1,2,4 --duration 5 --report load.html"
        },
      run: { arguments in try await run(arguments, scenarios: scenarios, tool: "\(toolName) \(version)") }
    )
  }

  @MainActor
  private static func run(_ arguments: ParsedArguments, scenarios: [any LoadScenario], tool: String) async throws -> Int32 {
    guard let defaultScenario = scenarios.first else {
      throw UsageError.conflict("this application defines no load scenario; give its Application some loadScenarios")
    }
    let scenarioName = arguments.value("--scenario") ?? defaultScenario.name
    guard let scenario = scenarios.first(where: { $0.name == scenarioName }) else {
      let names = scenarios.map(\.name).joined(separator: ", ")
      throw UsageError.invalidValue(name: "--scenario", value: scenarioName, expected: "one of \(names)")
    }
    let users = try arguments.value("--users", as: Int.self) ?? 8
    guard users > 0 else { throw UsageError.invalidValue(name: "--users", value: "\(users)", expected: "at least 1") }
    let limit = try limit(arguments)
    let sweep = try arguments.value("--sweep").map(parseSweep)
    let thresholds = try arguments.values("--threshold").map { text throws(UsageError) in
      guard let threshold = LoadThreshold(text) else {
        throw .invalidValue(name: "--threshold", value: text, expected: "METRIC<LIMIT such as p95<50ms, search.p99<400ms, errors<1 or rate>=100")
      }
      return threshold
    }
    let ramp = try arguments.value("--ramp").map(parseRamp) ?? .zero
    let reports = try arguments.values("--report").map(reportFormat)
    let metadata = LoadMetadata.now(tool: tool, options: arguments.givenOptions)
    guard arguments.flag("--spawn") || !arguments.flag("--pools") else {
      throw UsageError.conflict("--pools is for --spawn; use the scale command to resize a running coordinator's pools")
    }

    var spawned: SpawnedCoordinator?
    defer { spawned?.stop() }
    var runDirectory = arguments.runDirectory
    if arguments.flag("--spawn") {
      let pools = try PoolSize.list(parsing: arguments.value("--pools") ?? scenario.defaultPools, argument: "--pools")
      StandardStream.error.write("load: starting a coordinator with pools \(PoolSize.list(pools))\n")
      let coordinator = try await SpawnedCoordinator(arguments: scenario.startArguments, pools: pools)
      StandardStream.error.write("load: coordinator \(coordinator.pid) serving \(coordinator.runDirectory)\n")
      spawned = coordinator
      runDirectory = coordinator.runDirectory
    }

    // A sweep of a coordinator someone else runs leaves its pool as it found it.
    var originalSize: [String: Int] = [:]
    if let sweep, spawned == nil {
      let pools = try CoordinatorConnection(runDirectory: runDirectory).status().pools
      originalSize[sweep.kind] = pools.first { $0.kind == sweep.kind }?.target
    }
    defer {
      if !originalSize.isEmpty { _ = try? CoordinatorConnection(runDirectory: runDirectory).scale(originalSize) }
    }
    var results: [LoadResult] = []
    let sizes: [Int?] = sweep?.sizes ?? [nil]
    let interruption = LoadInterruption()
    // A sweep stopped early reports the runs it made, the one stopped last.
    for (run, size) in sizes.enumerated() where results.last?.stoppedEarly != true {
      var label = scenario.name
      if let sweep, let size {
        try await resize(sweep.kind, to: size, runDirectory)
        label = "\(sweep.kind)=\(size)"
      }
      var driver = LoadDriver(
        runDirectory: runDirectory, scenario: scenario, users: users, limit: limit,
        userPrefix: "load\(getpid())r\(run)u"
      )
      driver.ramp = ramp
      driver.interruption = interruption
      results.append(try await driver.run(progress: LoadProgress(label: label)))
    }

    let report = LoadReport(results: results, sweptKind: sweep?.kind, metadata: metadata, thresholds: thresholds)
    StandardStream.output.write(
      arguments.flag("--json") ? try report.json() : report.render(colored: StandardStream.output.allowsColor)
    )
    for (path, format) in reports {
      let text =
        switch format {
        case .html: LoadHTMLReport(report).render()
        case .csv: LoadSeriesFile.csv(report)
        case .ndjson: try LoadSeriesFile.ndjson(report)
        }
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      StandardStream.error.write("load: wrote \(path)\n")
    }
    guard report.lostEffects == 0 else { return 1 }
    return report.breachedThresholds.isEmpty ? 0 : thresholdsBreached
  }

  /// What `--report FILE` writes, by FILE's extension.
  private enum ReportFormat {
    case html, csv, ndjson
  }

  private static func reportFormat(_ path: String) throws(UsageError) -> (String, ReportFormat) {
    switch path.split(separator: ".").last.map({ $0.lowercased() }) {
    case "html", "htm": (path, .html)
    case "csv": (path, .csv)
    case "ndjson", "jsonl": (path, .ndjson)
    default: throw .invalidValue(name: "--report", value: path, expected: "a FILE ending in .html, .csv or .ndjson")
    }
  }

  /// `10`, `10s`, `500ms`: how long the users take to start.
  private static func parseRamp(_ text: String) throws(UsageError) -> Duration {
    let (number, scale) =
      text.hasSuffix("ms") ? (text.dropLast(2), 0.001) : text.hasSuffix("s") ? (text.dropLast(), 1.0) : (text[...], 1.0)
    guard let value = Double(number), value >= 0, value.isFinite else {
      throw .invalidValue(name: "--ramp", value: text, expected: "seconds ≥ 0, such as 10, 10s or 500ms")
    }
    return .milliseconds(Int64(value * scale * 1_000))
  }

  private static func limit(_ arguments: ParsedArguments) throws -> LoadLimit {
    if let actions = try arguments.value("--actions", as: Int.self) {
      guard !arguments.flag("--duration") else { throw UsageError.conflict("--duration and --actions cannot be used together") }
      guard actions > 0 else { throw UsageError.invalidValue(name: "--actions", value: "\(actions)", expected: "at least 1") }
      return .actions(actions)
    }
    let seconds = try arguments.value("--duration", as: Double.self) ?? 10
    guard seconds > 0 else { throw UsageError.invalidValue(name: "--duration", value: "\(seconds)", expected: "seconds above 0") }
    return .duration(.milliseconds(Int64(seconds * 1_000)))
  }

  private static func parseSweep(_ text: String) throws -> (kind: String, sizes: [Int]) {
    let parts = text.split(separator: "=", maxSplits: 1)
    let sizes = parts.count == 2 ? parts[1].split(separator: ",").compactMap { Int($0) } : []
    guard parts.count == 2, !parts[0].isEmpty, !sizes.isEmpty, sizes.allSatisfy({ $0 > 0 }),
      sizes.count == parts[1].split(separator: ",").count
    else {
      throw UsageError.invalidValue(name: "--sweep", value: text, expected: "KIND=N,N,… with each N at least 1, e.g. probe=1,2,4,8")
    }
    return (String(parts[0]), sizes)
  }

  /// Scales `kind` to `size` and waits until that many of its workers are ready.
  @MainActor
  private static func resize(_ kind: String, to size: Int, _ runDirectory: String) async throws {
    let connection = try CoordinatorConnection(runDirectory: runDirectory)
    _ = try connection.scale([kind: size])
    let deadline = ContinuousClock.now + .seconds(20)
    while try !connection.status().isPool(kind, readyAt: size) {
      guard ContinuousClock.now < deadline else { throw LoadError.poolsNotReady("the \(kind) pool did not reach \(size)") }
      try await Task.sleep(for: .milliseconds(20))
    }
  }
}
