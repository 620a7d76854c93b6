import SwitchyardCLI
import SwitchyardDiagnostics
import SwitchyardRuntime
import SwitchyardWorkers

/// `switchyard worker KIND`: serves one pool's jobs on standard input and output. The coordinator
/// starts these; a person never needs to.
///
/// `switchyard worker raw-echo` copies its input to its output unparsed: the physical limit of a
/// pipe round trip, against which `switchyard bench` measures the runtime.
enum WorkerCommand {
  static let command = Command(
    name: "worker",
    abstract: "Serve one pool's jobs on stdin/stdout (the coordinator starts these).",
    arguments: [CommandArgument("KIND", help: "The job kind to serve, e.g. probe; raw-echo copies input to output.")],
    examples: ["switchyard worker probe"],
    run: { arguments in
      let kind = arguments.argument("KIND") ?? ""
      if kind == "raw-echo" { WorkerHost.runRawEcho() }
      WorkerHost(kind: JobKind(kind), handlers: workerHandlers).run()
    }
  )
}

/// Every job handler this executable can serve.
let workerHandlers: [any JobHandler] = [ProbeHandler(), SearchHandler(), FeedHandler(), PageHandler()]
