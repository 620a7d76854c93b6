// swift-tools-version:6.0
import PackageDescription

// Switchyard takes no package dependencies: only the Swift toolchain.
// Layers point one way: switchyard → Demo → Workers → Runtime → Wire; Runtime → ComposableArchitecture;
// switchyard → SwitchyardApplication (the entry point a user's executable calls) → CLI → Runtime;
// Application and Inspector → Durability (journaling a store) → Runtime and Journal.
// Net (HTTP, WebSocket, admission of connections) serves the runtime's listeners, the workers, the
// upstream command and the inspector.
let package = Package(
  name: "Switchyard",
  products: [
    .library(name: "ComposableArchitecture", targets: ["ComposableArchitecture"]),
    .library(name: "SwitchyardRuntime", targets: ["SwitchyardRuntime"]),
    // What a user's package depends on: their reducer, pools and handlers in, the whole command line out.
    .library(name: "SwitchyardApplication", targets: ["SwitchyardApplication"]),
    .executable(name: "switchyard", targets: ["switchyard"]),
  ],
  targets: [
    .target(name: "ComposableArchitecture"),
    .target(name: "SwitchyardWire"),
    .target(name: "SwitchyardNet"),
    // THREADS.md lists every thread of a coordinator and a worker, and what each may touch.
    // Counters, gauges and histograms and their Prometheus text: what `/metrics` serves.
    .target(name: "SwitchyardMetrics"),
    // Log events as values: a level, a message and named fields, made where they are logged.
    .target(name: "SwitchyardLog"),
    .target(
      name: "SwitchyardRuntime",
      dependencies: [
        "ComposableArchitecture", "SwitchyardWire", "SwitchyardJournal", "SwitchyardNet", "SwitchyardMetrics", "SwitchyardLog",
      ],
      exclude: ["THREADS.md"]
    ),
    // Journaling a store: each action's record with its origin, replay and recovery, effects across a
    // crash, verification, versions and migrations. Above the runtime, whose seams it attaches to.
    .target(
      name: "SwitchyardDurability",
      dependencies: ["ComposableArchitecture", "SwitchyardWire", "SwitchyardJournal", "SwitchyardRuntime", "SwitchyardMetrics"]
    ),
    // The runtime's diagnostics: the probe feature, job, handler and load scenarios, and the raw-echo
    // worker the benchmarks measure the pipe with. Only `switchyard` and the benchmarks link it, never
    // a user's executable.
    .target(name: "SwitchyardDiagnostics", dependencies: ["ComposableArchitecture", "SwitchyardRuntime", "SwitchyardCLI"]),
    // The catalogue's item and page, shared by the pagination worker and the upstream that serves them.
    .target(name: "SwitchyardCatalog"),
    // The CPU's CRC-32C instruction, which Swift cannot name; the journal checksums every record with it.
    .target(name: "CSwitchyardCRC32C"),
    // The coordinator's durable journal, snapshots, recovery and history; knows bytes, not actions.
    .target(name: "SwitchyardJournal", dependencies: ["CSwitchyardCRC32C", "SwitchyardLog"]),
    // A Redis client (RESP2/RESP3, pipelining, Streams) and the stream layout of the Redis transport.
    .target(name: "SwitchyardRedis", dependencies: ["SwitchyardNet", "SwitchyardWire"]),
    // start --ha: a lease with a fencing epoch, the journal copied to a Redis stream, and standbys
    // that copy it back and take over (Documentation.docc/Articles/HighAvailability.md).
    .target(name: "SwitchyardHighAvailability", dependencies: ["SwitchyardJournal", "SwitchyardRedis", "SwitchyardWire"]),
    // Pools whose workers read Redis streams on any host: the coordinator's broker link and
    // `worker KIND --broker`'s bridge to a pipe worker. The runtime itself knows no Redis.
    .target(name: "SwitchyardRedisTransport", dependencies: ["SwitchyardRuntime", "SwitchyardRedis", "SwitchyardWire"]),
    // The workers Switchyard ships: search, websocket, pagination. Each job type sits beside its handler.
    .target(
      name: "SwitchyardWorkers",
      dependencies: ["ComposableArchitecture", "SwitchyardRuntime", "SwitchyardWire", "SwitchyardNet", "SwitchyardCatalog"]
    ),
    // The local service `switchyard upstream` runs: a paginated catalog over HTTP and a WebSocket feed.
    .target(name: "SwitchyardUpstream", dependencies: ["SwitchyardNet", "SwitchyardCatalog"]),
    // The demo application `switchyard start --demo` runs: sessions of search, feed and catalogue.
    .target(name: "SwitchyardDemo", dependencies: ["ComposableArchitecture", "SwitchyardRuntime", "SwitchyardWorkers"]),
    // `switchyard bench`'s cases: in-process, across the process boundary, and the demo's memory.
    .target(
      name: "SwitchyardBenchmarks",
      dependencies: [
        "ComposableArchitecture", "SwitchyardWire", "SwitchyardRuntime", "SwitchyardDurability", "SwitchyardDiagnostics", "SwitchyardDemo",
        "SwitchyardJournal", "SwitchyardNet", "SwitchyardRedis", "SwitchyardRedisTransport", "SwitchyardMetrics", "SwitchyardHighAvailability",
      ]
    ),
    // The command line's own parts: argument parsing, tables, status rendering, load generation.
    .target(name: "SwitchyardCLI", dependencies: ["SwitchyardRuntime", "SwitchyardWire"]),
    // The web inspector `start --http` serves: pools, actions, state history, send.
    .target(
      name: "SwitchyardInspector",
      dependencies: ["ComposableArchitecture", "SwitchyardRuntime", "SwitchyardDurability", "SwitchyardWire", "SwitchyardNet"]
    ),
    // An application's command line: start, status, send, scale, load, worker.
    .target(
      name: "SwitchyardApplication",
      dependencies: [
        "ComposableArchitecture", "SwitchyardWire", "SwitchyardRuntime", "SwitchyardDurability", "SwitchyardCLI",
        "SwitchyardInspector", "SwitchyardJournal", "SwitchyardRedis", "SwitchyardRedisTransport", "SwitchyardNet",
        "SwitchyardMetrics", "SwitchyardHighAvailability",
      ]
    ),
    // The runtime's probe application through the entry point, plus the demo, the upstream and bench.
    .executableTarget(
      name: "switchyard",
      dependencies: [
        "SwitchyardApplication", "ComposableArchitecture", "SwitchyardRuntime", "SwitchyardDiagnostics",
        "SwitchyardBenchmarks", "SwitchyardCLI", "SwitchyardWire", "SwitchyardWorkers", "SwitchyardUpstream", "SwitchyardDemo",
      ]
    ),
    // What tests share: `switchyard start` and any other command as child processes, bounded waits, process probes.
    .target(name: "SwitchyardTestSupport", dependencies: ["SwitchyardRuntime", "SwitchyardNet", "SwitchyardDiagnostics"]),
    .testTarget(name: "ComposableArchitectureTests", dependencies: ["ComposableArchitecture"]),
    .testTarget(name: "SwitchyardWireTests", dependencies: ["SwitchyardWire", "SwitchyardTestSupport", "ComposableArchitecture"]),
    // The journal on its own, and the demo's AppFeature journaled and replayed through it.
    .testTarget(
      name: "SwitchyardJournalTests",
      dependencies: ["SwitchyardJournal", "ComposableArchitecture", "SwitchyardWire", "SwitchyardDemo", "SwitchyardRuntime", "SwitchyardTestSupport"]
    ),
    // Peers/ holds the Python WebSocket peers the interop tests run.
    .testTarget(name: "SwitchyardNetTests", dependencies: ["SwitchyardNet", "SwitchyardRuntime", "SwitchyardTestSupport"], exclude: ["Peers"]),
    // Spawns the built `switchyard` executable as coordinator and workers, so it depends on it.
    .testTarget(name: "SwitchyardRuntimeTests", dependencies: ["SwitchyardRuntime", "SwitchyardDiagnostics", "SwitchyardNet", "SwitchyardTestSupport", "switchyard"]),
    // The journaled store: records and their origins, recovery of effects across crashes, poison
    // records, verification and upgrades, in-process and through the built `switchyard`.
    .testTarget(
      name: "SwitchyardDurabilityTests",
      dependencies: ["SwitchyardDurability", "SwitchyardRuntime", "SwitchyardDiagnostics", "SwitchyardTestSupport", "switchyard"]
    ),
    .testTarget(name: "SwitchyardUpstreamTests", dependencies: ["SwitchyardUpstream", "SwitchyardCatalog", "SwitchyardNet"]),
    // Runs the process cases against the built `switchyard` as their worker, so it depends on it.
    .testTarget(name: "SwitchyardBenchmarksTests", dependencies: ["SwitchyardBenchmarks", "SwitchyardDiagnostics", "SwitchyardRuntime", "SwitchyardTestSupport", "switchyard"]),
    // The handlers against real servers on 127.0.0.1, the upstream's among them.
    .testTarget(name: "SwitchyardWorkersTests", dependencies: ["SwitchyardWorkers", "SwitchyardDiagnostics", "SwitchyardUpstream", "SwitchyardNet", "SwitchyardRuntime", "SwitchyardTestSupport"]),
    // Against a real redis-server on 127.0.0.1, and the deploy/ manifests' shape.
    .testTarget(name: "SwitchyardRedisTests", dependencies: ["SwitchyardRedis", "SwitchyardWire", "SwitchyardNet", "SwitchyardTestSupport"]),
    // The end-to-end test runs `switchyard start --demo`, so it depends on the executable.
    .testTarget(name: "SwitchyardDemoTests", dependencies: ["SwitchyardDemo", "SwitchyardTestSupport", "switchyard"]),
    // Peers/ holds the headless-Chromium driver the browser test runs against a demo coordinator.
    .testTarget(
      name: "SwitchyardInspectorTests",
      dependencies: ["SwitchyardInspector", "SwitchyardRuntime", "SwitchyardDurability", "SwitchyardDiagnostics", "SwitchyardNet", "switchyard", "SwitchyardTestSupport"],
      exclude: ["Peers"]
    ),
    // Remote pools end to end: a real redis-server, a coordinator and `worker --broker` processes;
    // and deploy/'s flags against the real command line.
    .testTarget(
      name: "SwitchyardRedisTransportTests",
      dependencies: ["SwitchyardRedisTransport", "SwitchyardRedis", "SwitchyardDiagnostics", "SwitchyardRuntime", "SwitchyardTestSupport", "SwitchyardWire", "switchyard"]
    ),
    // The follower, the replication and the node against a real redis-server; failovers of real coordinators.
    .testTarget(
      name: "SwitchyardHighAvailabilityTests",
      dependencies: ["SwitchyardHighAvailability", "SwitchyardJournal", "SwitchyardRedis", "SwitchyardTestSupport", "switchyard"]
    ),
    // Unit tests of the parser and renderers, and the built `switchyard` run against a real coordinator.
    .testTarget(name: "SwitchyardCLITests", dependencies: ["SwitchyardCLI", "SwitchyardDiagnostics", "SwitchyardRuntime", "SwitchyardTestSupport", "switchyard"]),
    // The exposition checked by promtool, and the demo coordinator with a remote pool and its worker
    // scraped by a real Prometheus whose stored counters must agree with status; deploy/'s rules
    // and dashboard against it.
    .testTarget(
      name: "SwitchyardMetricsTests",
      dependencies: ["SwitchyardMetrics", "SwitchyardNet", "SwitchyardRedis", "SwitchyardTestSupport", "switchyard"]
    ),
    // The entry point's parsing, the README guide's snippets, and Tests/Fixtures/OwnApp — a separate
    // package on Switchyard by path, built and run by these tests, never part of this package's build.
    .testTarget(name: "SwitchyardApplicationTests", dependencies: ["SwitchyardApplication", "SwitchyardDiagnostics", "SwitchyardTestSupport"]),
  ]
)
