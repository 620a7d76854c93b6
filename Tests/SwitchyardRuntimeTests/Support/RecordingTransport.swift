import Synchronization
@testable import SwitchyardRuntime

/// Wraps a coordinator's transport and remembers the pid of every worker it started, so a test
/// can prove none outlives the coordinator.
final class RecordingTransport: WorkerTransport {
  private let base: any WorkerTransport
  private let started = Mutex<[Int32]>([])

  init(wrapping base: any WorkerTransport) {
    self.base = base
  }

  /// Every worker pid started so far, in order.
  var pids: [Int32] {
    started.withLock { $0 }
  }

  func connect(kind: JobKind, events: WorkerLinkEvents) throws -> any WorkerLink {
    let link = try base.connect(kind: kind, events: events)
    if let pid = link.peer.pid { started.withLock { $0.append(pid) } }
    return link
  }
}

extension Coordinator {
  /// Records the workers this coordinator starts from now on; call it before `start()`.
  func recordWorkers() -> RecordingTransport {
    let recording = RecordingTransport(wrapping: runtime.transport)
    runtime.transport = recording
    return recording
  }
}
