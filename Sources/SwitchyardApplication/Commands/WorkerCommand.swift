/// `worker KIND`: serves one pool's jobs on standard input and output. The coordinator starts
/// these from its own executable; a person never needs to.
///
/// `worker raw-echo` copies its input to its output unparsed: the physical limit of a pipe round
/// trip, against which `switchyard bench` measures the runtime.
enum WorkerCommand {
  static func command(toolName: String, handlers: [any JobHandler]) -> Command {
    let kinds = handlers.map(\.kind.rawValue)
    return Command(
      name: "worker",
      abstract: "Serve one pool's jobs on stdin/stdout (the coordinator starts these).",
      arguments: [
        CommandArgument("KIND", help: "The job kind to serve: \((kinds + ["raw-echo"]).joined(separator: ", ")).")
      ],
      examples: kinds.first.map { ["\(toolName) worker \($0)"] } ?? [],
      run: { arguments in
        let kind = arguments.argument("KIND") ?? ""
        if kind == "raw-echo" { WorkerHost.runRawEcho() }
        // A kind with no handler is the host's to refuse: it names the kinds it serves and exits 64.
        WorkerHost(kind: JobKind(kind), handlers: handlers).run()
      }
    )
  }
}
