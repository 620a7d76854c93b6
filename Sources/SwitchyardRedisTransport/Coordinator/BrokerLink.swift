import Synchronization
import SwitchyardRuntime
import SwitchyardWire

/// One remote pool's link: a broker standing for the kind's job stream and the remote workers
/// that read it. It takes `run`s and `cancel`s as typed commands, which the broker's writer
/// encodes into stream entries, and reports what the remote workers reply.
///
/// It says so (``peer`` is a broker): it never says hello nor is pinged. Its liveness is the
/// broker's: every read of the reply stream Redis answers counts as hearing from it. A remote
/// worker's death is found by its heartbeat key expiring, and the broker hands its jobs back
/// (proto/PROTOCOL.md 7.6); a Redis outage leaves the link suspect, waited out rather than taken
/// for a crashing worker.
final class BrokerLink: WorkerLink {
  let kind: JobKind
  let events: WorkerLinkEvents
  let peer: LinkPeer
  private unowned let broker: RedisBroker
  private let reads = Atomic<UInt64>(0)
  private let isClosed = Atomic<Bool>(false)

  init(kind: JobKind, events: WorkerLinkEvents, broker: RedisBroker) {
    self.kind = kind
    self.events = events
    self.broker = broker
    self.peer = .broker(broker.describe(kind))
  }

  var readCount: UInt64 { reads.load(ordering: .relaxed) }

  /// Redis answered a read of the reply stream.
  func heard() {
    reads.add(1, ordering: .relaxed)
  }

  /// Keeps `command` as it is: the broker's writer thread encodes it into a stream entry.
  func encode(_ command: WorkerCommand, into batch: inout OutboundBatch) {
    batch.commands.append(command)
  }

  func send(_ batch: OutboundBatch) {
    var outgoing: [RedisBroker.Outgoing] = []
    outgoing.reserveCapacity(batch.commands.count)
    for command in batch.commands {
      switch command {
      case let .run(run): outgoing.append(.run(run))
      case let .cancel(cancel): outgoing.append(.cancel(cancel))
      case .shutdown:
        broker.post(outgoing, from: self)
        return close(.exited(0))
      // A broker is never greeted nor pinged: the remote workers check versions on their own,
      // and the reader's passes are its proof of life.
      case .hello, .ping: continue
      }
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
