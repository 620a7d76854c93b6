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

  /// Frames `command` onto the batch's bytes.
  func encode(_ command: WorkerCommand, into batch: inout OutboundBatch) {
    command.appendFrame(to: &batch.bytes)
  }

  /// Writes the batch's frames at once, or queues them for the I/O thread.
  func send(_ batch: OutboundBatch) {
    send(batch.bytes)
  }

  func kill() {
    process.kill()
  }
}
