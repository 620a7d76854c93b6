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
    "--http", "HOST:PORT", help: "Serve the web inspector there (off by default; an address not 127.x needs --http-token)."
  )
  static let httpToken = CommandOption.value(
    "--http-token", "TOKEN", help: "A secret every inspector request must carry, as ?token= or a Bearer header."
  )
  static let pools = "--pools"
  static let grace = "--grace-ms"

  static func command(
    toolName: String,
    defaultPools: [PoolConfiguration],
    modes: [StartMode],
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
        BrokerFlags.broker,
        BrokerFlags.name,
      ],
      examples: ["\(toolName) start"] + modes.map { "\(toolName) start \($0.flag.name)" } + [
        "\(toolName) start --pools \(defaultPools.first.map { "\($0.kind)=4" } ?? "KIND=4") --run-dir /tmp/sy",
      ],
      run: { arguments in
        let chosen = modes.filter { arguments.flag($0.flag.name) }
        guard chosen.count <= 1 else {
          throw UsageError.conflict("\(chosen.map(\.flag.name).joined(separator: " and ")) cannot be used together")
        }
        let options = try options(arguments)
        if let mode = chosen.first { return try await mode.run(options) }
        return try await runApplication(options)
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
    return StartOptions(
      runDirectory: arguments.runDirectory,
      pools: pools,
      shutdownGrace: grace.map { .milliseconds($0) } ?? .seconds(5),
      parent: try arguments.value(parent.name, as: Int32.self),
      http: inspector,
      broker: broker
    )
  }
}
