/// Workers as child processes spoken to over their standard input and output: the default
/// ``WorkerTransport``.
struct PipeTransport: WorkerTransport {
  let launch: WorkerLaunch
  let maxFrameLength: Int

  func connect(kind: JobKind, events: WorkerLinkEvents) throws -> any WorkerLink {
    let process = try ChildProcess.spawn(executable: launch.executable, arguments: launch.arguments(kind))
    do throws(ProcessError) {
      return try WorkerConnection(process: process, maxFrameLength: maxFrameLength, events: events)
    } catch {
      process.kill()
      _ = process.reap(patience: .zero)
      throw error
    }
  }
}

extension WorkerConnection: WorkerLink {
  var pid: Int32 { process.pid }

  func kill() {
    process.kill()
  }
}
