import Foundation
import SwitchyardCLI

let switchyard = CommandLineTool(
  name: "switchyard",
  version: version,
  abstract: "The Composable Architecture on Linux, with effects in supervised worker processes.",
  commands: [
    StartCommand.command, StatusCommand.command, SendCommand.command, ScaleCommand.command, LoadCommand.command,
    WorkerCommand.command, UpstreamCommand.command, BenchCommand.command,
  ]
)
exit(await switchyard.run())
