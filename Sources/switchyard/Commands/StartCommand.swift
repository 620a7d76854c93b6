import Foundation
import SwitchyardCLI
import SwitchyardInspector
import SwitchyardRuntime

/// `switchyard start`: runs a coordinator with the runtime's diagnostic ``ProbeFeature`` until
/// SIGINT or SIGTERM.
///
/// `--demo` runs the demo application instead, with its own upstream service: see ``runDemo(runDirectory:pools:grace:http:)``.
enum StartCommand {
  static let command = Command(
    name: "start",
    abstract: "Run a coordinator and its worker pools until SIGINT or SIGTERM.",
    discussion: """
      The coordinator owns the store; effects run in worker processes ('switchyard worker KIND')
      that it starts, supervises and restarts. Other commands reach it through the control socket
      in its run directory.
      """,
    options: [
      .flag("--demo", help: "Run the demo, which needs no other server."),
      .value("--pools", "KIND=N,…", help: "Worker pools and their sizes (default: probe=1, or search=2,websocket=1,pagination=2 with --demo)."),
      .runDirectory,
      .value("--grace-ms", "N", help: "Milliseconds workers get to finish when stopping (default: 5000)."),
      .value("--http", "HOST:PORT", help: "Serve the web inspector there (off by default; an address not 127.x needs --http-token)."),
      .value("--http-token", "TOKEN", help: "A secret every inspector request must carry, as ?token= or a Bearer header."),
    ],
    examples: [
      "switchyard start --demo",
      "switchyard start --pools probe=4 --run-dir /tmp/sy",
    ],
    run: run
  )

  @MainActor
  private static func run(_ arguments: ParsedArguments) async throws -> Int32 {
    let isDemo = arguments.flag("--demo")
    var pools = try PoolSize.list(parsing: arguments.value("--pools") ?? "", argument: "--pools")
      .map { PoolConfiguration(kind: JobKind($0.kind), size: $0.size) }
    let grace = try arguments.value("--grace-ms", as: Int.self).map { Duration.milliseconds($0) } ?? .seconds(5)
    let http = try InspectorConfiguration.commandLine(address: arguments.value("--http"), token: arguments.value("--http-token"))
    if isDemo { return try await runDemo(runDirectory: arguments.runDirectory, pools: pools, grace: grace, http: http) }
    if pools.isEmpty { pools = [PoolConfiguration(kind: ProbeJob.kind, size: 1)] }
    let coordinator = Coordinator(
      configuration: CoordinatorConfiguration(
        runDirectory: arguments.runDirectory,
        pools: pools,
        shutdownGrace: grace,
        version: version
      ),
      initialState: ProbeFeature.State(),
      reducer: ProbeFeature()
    )
    coordinator.handleTerminationSignals()
    let inspector = try http.map { try Inspector.start(coordinator, configuration: $0) }
    try coordinator.start()
    StandardStream.error.write("switchyard: coordinator \(getpid()) serving \(coordinator.socketPath ?? "")\n")
    await coordinator.runUntilTerminated()
    await inspector?.stop()
    return 0
  }
}
