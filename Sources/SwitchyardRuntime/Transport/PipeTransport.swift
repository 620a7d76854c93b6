import SwitchyardWire

/// Workers as child processes spoken to over their standard input and output: the default
/// ``WorkerTransport``.
package struct PipeTransport: WorkerTransport {
  let launch: WorkerLaunch
  let maxFrameLength: Int

  /// Workers started with `launch`, whose frames may be up to `maxFrameLength` bytes.
  package init(launch: WorkerLaunch, maxFrameLength: Int = Frame.defaultMaxLength) {
    self.launch = launch
    self.maxFrameLength = maxFrameLength
  }

  package func connect(kind: JobKind, events: WorkerLinkEvents) throws -> any WorkerLink {
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
  var peer: LinkPeer { .process(pid: process.pid) }

  /// Frames `commands` into one write.
  func send(_ commands: [WorkerCommand]) {
    var bytes: [UInt8] = []
    for command in commands { command.appendFrame(to: &bytes) }
    send(bytes)
  }

  func kill() {
    process.kill()
  }
}
