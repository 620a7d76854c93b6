import SwitchyardRuntime
import Synchronization

/// Wraps a coordinator's transport and remembers the pid of every worker it started, so a test
/// can prove none outlives the coordinator.
package final class RecordingTransport: WorkerTransport {
  private let base: any WorkerTransport
  private let started = Mutex<[Int32]>([])

  package init(wrapping base: any WorkerTransport) {
    self.base = base
  }

  /// Every worker pid started so far, in order.
  package var pids: [Int32] {
    started.withLock { $0 }
  }

  package func connect(kind: JobKind, events: WorkerLinkEvents) throws -> any WorkerLink {
    let link = try base.connect(kind: kind, events: events)
    if let pid = link.peer.pid { started.withLock { $0.append(pid) } }
    return link
  }
}

extension Coordinator {
  /// Records the workers this coordinator starts from now on; call it before `start()`.
  package func recordWorkers() -> RecordingTransport {
    let recording = RecordingTransport(wrapping: workerTransport)
    workerTransport = recording
    return recording
  }
}
