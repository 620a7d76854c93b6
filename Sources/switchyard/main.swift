import SwitchyardApplication
import SwitchyardDiagnostics

// `switchyard` is the runtime's probe application through the same entry point a user's
// executable calls, plus what only this executable offers: the demo, its upstream, and bench.

// `worker raw-echo` copies its input to its output unparsed: the physical limit of a pipe round
// trip, against which `switchyard bench` measures the runtime. No user's executable has it.
if CommandLine.arguments.dropFirst() == ["worker", "raw-echo"] { WorkerHost.runRawEcho() }
var commandLine = SwitchyardCommandLine(
  Application(
    name: "switchyard",
    version: version,
    abstract: "The Composable Architecture on Linux, with effects in supervised worker processes.",
    reducer: ProbeFeature(),
    initialState: ProbeFeature.State(),
    pools: [PoolConfiguration(kind: ProbeJob.kind, size: 1)],
    handlers: [ProbeHandler()],
    loadScenarios: [ProbeScenario(), ProbeScenario.cpuBound()],
    sendExamples: [
      #"switchyard send '{"start":{"name":"a","job":{"tag":"t","outputs":3},"cancelInFlight":false}}'"#,
      #"switchyard send '{"sessions":{"element":{"id":"1","action":{"search":{"searchQueryChanged":"copper"}}}}}'   # --demo"#,
    ]
  )
)
commandLine.startModes = [DemoStartMode.mode]
commandLine.loadScenarios.insert(DemoScenario(), at: 0)
commandLine.additionalCommands = [UpstreamCommand.command, BenchCommand.command]
await commandLine.main()
