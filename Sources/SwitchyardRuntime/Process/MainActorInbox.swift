import Synchronization

/// Carries events from I/O threads to the main actor in batches: however many arrive meanwhile, the
/// main actor is woken once and handles them all, in order.
///
/// A hop onto the main actor costs 20–30 µs here; paying it per batch rather than per frame is most
/// of the coordinator's throughput.
final class MainActorInbox<Event: Sendable>: Sendable {
  private struct Pending {
    var events: [Event] = []
    var isScheduled = false
  }

  private let pending = Mutex(Pending())
  private let wakes = Atomic<Int>(0)
  private let posted = Atomic<Int>(0)
  private let handler: @MainActor @Sendable ([Event]) -> Void

  /// Creates an inbox whose batches `handler` handles on the main actor.
  init(handler: @escaping @MainActor @Sendable ([Event]) -> Void) {
    self.handler = handler
  }

  /// How many times the main actor was woken, and how many events those wakes handled: their
  /// ratio is how well batching spares a busy coordinator cross-thread wakes.
  var statistics: (wakes: Int, events: Int) {
    (wakes.load(ordering: .relaxed), posted.load(ordering: .relaxed))
  }

  /// Queues `event`, waking the main actor if it is not already due to drain.
  func post(_ event: Event) {
    posted.add(1, ordering: .relaxed)
    let schedule = pending.withLock { pending -> Bool in
      pending.events.append(event)
      defer { pending.isScheduled = true }
      return !pending.isScheduled
    }
    guard schedule else { return }
    wakes.add(1, ordering: .relaxed)
    Task { @MainActor in self.drain() }
  }

  @MainActor
  private func drain() {
    let events = pending.withLock { pending -> [Event] in
      pending.isScheduled = false
      defer { pending.events.removeAll(keepingCapacity: true) }
      return pending.events
    }
    handler(events)
  }
}
