
/// `status`: the coordinator, its pools and its workers at a glance; or a slice of its
/// state, once or as it changes.
enum StatusCommand {
  static func command(toolName: String) -> Command {
    Command(
      name: "status",
      abstract: "Show the coordinator, its pools and workers, or a slice of its state.",
      discussion: """
        Without options, prints the coordinator (pid, uptime, state size, actions/s, total actions),
        its pools and its workers as tables; colour only on a terminal with NO_COLOR unset.

        --json prints the same report as JSON with these stable fields (new fields may be added):
          coordinator  pid, version (the software's), runDir, uptimeSeconds, stateBytes, actionsTotal,
                       actionsPerSecond
          pools[]      kind, size, target, busy, queued, started, completed, failed, cancelled,
                       retried, restarts, latencyP50Micros, latencyP90Micros, latencyP99Micros,
                       latencyMaxMicros, health (healthy|degraded|failed; degraded too when
                       scaled to 0 with jobs queued),
                       counters (the workers' own counters, summed)
          workers[]    pid, kind, state (starting|ready|draining|stopped), inFlight, completed,
                       failed, lastHeartbeatMillisAgo (absent before the first heartbeat),
                       counters (its latest heartbeat's)
          highAvailability  with start --ha: role (leader|standby), epoch, leader (HOST/PID RUNDIR),
                       leaderRunDirectory (a standby's, when the leader is on its host), appliedSequence, lag,
                       redisUnreachable (why it cannot reach Redis, while it cannot)

        --ready prints nothing and exits 0 when the coordinator can serve at once: without --ha
        whenever it answers; with --ha on the leader, or on a standby whose copy lags by no
        record and that reaches Redis. Otherwise it exits 1: a readiness probe.

        A PATH is dotted, walking objects by key and arrays by index or by id: sessions.0.search,
        sessions.id=1.search.
        The empty path "" is the whole state.

        --follow prints the slice as one JSON line, then each change as JSON Patch-style edits, one
        line each: {"op":"replace","path":"feed.isConnected","value":true}, "add" and "remove" for
        keys or elements that came or went, and {"op":"append","path":"feed.messages","values":[…]}
        for elements added at an array's end (its oldest perhaps dropped). Paths are relative to
        PATH, as --state takes them.
        """,
      options: [
        .flag("--json", help: "Print the report as JSON (fields above)."),
        .flag("--ready", help: "Exit 0 on a leader or a caught-up standby, else 1 (a readiness probe)."),
        CommandOption("--watch", value: .optional(name: "SECONDS", fallback: "2"), help: "Redraw every SECONDS (default 2) until Ctrl-C."),
        .value("--state", "PATH", help: "Print the state at PATH as pretty JSON."),
        .value("--follow", "PATH", help: "Print the state at PATH, then only what changed, one JSON line per edit, until Ctrl-C."),
        .runDirectory,
      ],
      examples: [
        "\(toolName) status",
        "\(toolName) status --watch 1",
        "\(toolName) status --json | jq '.pools[] | {kind, size, busy}'",
        "\(toolName) status --state ''",
        "\(toolName) status --follow ''",
      ],
      run: { arguments in try await run(arguments, toolName: toolName) }
    )
  }

  @MainActor
  private static func run(_ arguments: ParsedArguments, toolName: String) async throws -> Int32 {
    let modes = ["--watch", "--state", "--follow"].filter(arguments.flag)
    guard modes.count <= 1 else { throw UsageError.conflict("\(modes.joined(separator: " and ")) cannot be used together") }
    let connection = try CoordinatorConnection(runDirectory: arguments.runDirectory)
    if arguments.flag("--ready") {
      return try connection.status().highAvailability.map(\.isReady) ?? true ? 0 : 1
    } else if let path = arguments.value("--state") {
      StandardStream.output.write(try JSONText.pretty(connection.state(at: path)))
    } else if let path = arguments.value("--follow") {
      try follow(path, connection)
    } else if let interval = try arguments.value("--watch", as: Double.self) {
      guard interval > 0 else { throw UsageError.invalidValue(name: "--watch", value: "\(interval)", expected: "seconds above 0") }
      try await watch(every: interval, connection, json: arguments.flag("--json"), toolName: toolName)
    } else {
      StandardStream.output.write(try render(connection.status(), json: arguments.flag("--json"), toolName: toolName))
    }
    return 0
  }

  private static func render(_ report: StatusReport, json: Bool, toolName: String) throws -> String {
    json
      ? try JSONText.pretty(report)
      : StatusView(report, applicationName: toolName).render(colored: StandardStream.output.allowsColor)
  }

  /// Redraws in place on a terminal; elsewhere appends each report after a blank line.
  @MainActor
  private static func watch(
    every seconds: Double,
    _ connection: CoordinatorConnection,
    json: Bool,
    toolName: String
  ) async throws {
    let isTerminal = StandardStream.output.isTerminal
    while true {
      let text = try render(connection.status(), json: json, toolName: toolName)
      // Home, then clear to the end: no flicker from clearing first.
      StandardStream.output.write(isTerminal ? "\u{1B}[H" + text.replacingOccurrences(of: "\n", with: "\u{1B}[K\n") + "\u{1B}[J" : text + "\n")
      try await Task.sleep(for: .seconds(seconds))
    }
  }

  /// Prints the slice, then the edits of each change.
  private static func follow(_ path: String, _ connection: CoordinatorConnection) throws {
    var last = try connection.subscribe(to: path)
    StandardStream.output.write(try JSONText.compact(last) + "\n")
    while true {
      guard let value = try connection.nextChange(timeout: .seconds(60)) else { continue }
      let lines = try StateEdit.edits(from: last, to: value).map { try JSONText.compact($0) + "\n" }
      StandardStream.output.write(lines.joined())
      last = value
    }
  }
}
