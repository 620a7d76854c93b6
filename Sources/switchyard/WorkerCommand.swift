import Foundation
import SwitchyardRuntime
import SwitchyardWorkers

/// `switchyard worker <kind>`: serves one pool's jobs on standard input and output. The coordinator
/// starts these; a person never needs to.
///
/// `switchyard worker raw-echo` copies its input to its output unparsed: the physical limit of a
/// pipe round trip, against which `switchyard bench` measures the runtime.
func runWorker(_ arguments: [String]) -> Never {
  guard let kind = arguments.first else {
    FileHandle.standardError.write(Data("error: 'switchyard worker' needs a job kind, e.g. 'switchyard worker probe'\n".utf8))
    exit(2)
  }
  if kind == "raw-echo" { WorkerHost.runRawEcho() }
  WorkerHost(kind: JobKind(kind), handlers: workerHandlers).run()
}

/// Every job handler this executable can serve.
let workerHandlers: [any JobHandler] = [ProbeHandler(), SearchHandler()]
