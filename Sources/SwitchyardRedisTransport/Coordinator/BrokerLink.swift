import Synchronization
import SwitchyardRuntime
import SwitchyardWire

/// One remote pool's job stream as its supervisor sees it: a single worker that takes `run`s and
/// `cancel`s as frames and reports what the remote workers reply.
///
/// Its liveness is the broker's: every pass of the reply reader, answered or not, counts as
/// hearing from it. A remote worker's death is found by its heartbeat key expiring, and the
/// broker hands its jobs back (proto/PROTOCOL.md 7.6); a Redis outage is waited out rather than
/// taken for a crashing worker.
final class BrokerLink: WorkerLink {
  let kind: JobKind
  let events: WorkerLinkEvents
  private unowned let broker: RedisBroker
  private let reads = Atomic<UInt64>(0)
  private let isClosed = Atomic<Bool>(false)

  init(kind: JobKind, events: WorkerLinkEvents, broker: RedisBroker) {
    self.kind = kind
    self.events = events
    self.broker = broker
  }

  /// A stream has no process of its own.
  var pid: Int32 { 0 }

  var readCount: UInt64 { reads.load(ordering: .relaxed) }

  /// The broker's reader made a pass.
  func heard() {
    reads.add(1, ordering: .relaxed)
  }

  func send(_ bytes: [UInt8]) {
    var decoder = FrameDecoder()
    decoder.append(contentsOf: bytes)
    var outgoing: [RedisBroker.Outgoing] = []
    do {
      while let payload = try decoder.next() {
        // Runs and cancels go to their streams as the coordinator encoded them.
        if let head = AttemptHead(payload: payload), head.kind == .run || head.kind == .cancel {
          outgoing.append(RedisBroker.Outgoing(head: head, payload: payload))
          continue
        }
        switch try WorkerMessage(payload: payload) {
        case let .run(run):
          let head = AttemptHead(kind: .run, effect: run.effect, generation: run.generation)
          outgoing.append(RedisBroker.Outgoing(head: head, payload: payload))
        case let .cancel(cancel):
          let head = AttemptHead(kind: .cancel, effect: cancel.effect, generation: cancel.generation)
          outgoing.append(RedisBroker.Outgoing(head: head, payload: payload))
        case .shutdown: return close(.exited(0))
        // Pings are answered by reading the reply stream (``heard()``); the coordinator's hello
        // is for a process, and the remote workers check versions on their own.
        default: continue
        }
      }
    } catch {
      broker.log("error: the coordinator wrote a frame the '\(kind)' stream could not read: \(error)")
    }
    broker.post(outgoing, from: self)
  }

  func kill() {
    close(.signalled(9))
  }

  /// Reports the link closed, once.
  func close(_ status: ExitStatus) {
    guard !isClosed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    broker.detach(self)
    events.closed(.endOfStream, status)
  }
}
