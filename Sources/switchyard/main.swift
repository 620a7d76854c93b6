import Foundation

let version = "0.1.0"
let usage = """
  switchyard — The Composable Architecture on Linux, with effects in supervised worker processes.

  USAGE: switchyard <command> [options]

  COMMANDS:
    start [--demo] [--pools kind=N,…] [--run-dir DIR] [--grace-ms N]
                 Run a coordinator and its worker pools until SIGINT or SIGTERM.
    worker <kind>
                 Serve one pool's jobs on stdin/stdout (the coordinator starts these).
    upstream [--port N] [--rate PER_SECOND] [--items N] [--fail-first N]
                 Run the local catalog (HTTP) and feed (WebSocket) service the demo uses.
    bench        Measure the store, case paths and codec against their targets.

  OPTIONS:
    --help       Show this help.
    --version    Show the version.

  """

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "bench":
  exit(await BenchCommand.run(Array(arguments.dropFirst())))
case "--version", "version":
  print("switchyard \(version)")
case "worker":
  runWorker(Array(arguments.dropFirst()))
case "start":
  await runStart(Array(arguments.dropFirst()))
case "upstream":
  await runUpstream(Array(arguments.dropFirst()))
case nil, "--help", "-h", "help":
  print(usage, terminator: "")
case let unknown?:
  FileHandle.standardError.write(Data("error: unknown command '\(unknown)'\n\(usage)".utf8))
  exit(2)
}
