import Synchronization

/// A ``LoadLimit`` shared by the users' threads: each takes a ticket before each step.
final class LoadBudget: Sendable {
  let limit: LoadLimit
  let startedAt: ContinuousClock.Instant
  private let taken = Atomic<Int>(0)
  private let stopped = Atomic<Bool>(false)
  /// Microseconds from the start to when the last ticket of an action count was taken.
  private let lastTicketMicros = Atomic<Int64>(0)

  init(_ limit: LoadLimit) {
    self.limit = limit
    self.startedAt = .now
  }

  /// Whether another step may start.
  func takeTicket() -> Bool {
    guard !stopped.load(ordering: .relaxed) else { return false }
    switch limit {
    case let .duration(duration):
      return ContinuousClock.now < startedAt + duration
    case let .actions(count):
      let ticket = taken.add(1, ordering: .relaxed).newValue
      if ticket == count { lastTicketMicros.store((ContinuousClock.now - startedAt).microseconds, ordering: .relaxed) }
      return ticket <= count
    }
  }

  /// Seconds the users were taking steps: the duration, or until the last ticket of an action
  /// count; rates are per these seconds, not counting the wait for the last answers.
  func activeSeconds(stoppedAt end: ContinuousClock.Instant) -> Double {
    let total = (end - startedAt) / .seconds(1)
    switch limit {
    case let .duration(duration):
      return min(total, duration / .seconds(1))
    case .actions:
      let last = Double(lastTicketMicros.load(ordering: .relaxed)) / 1e6
      return last > 0 ? last : total
    }
  }

  /// Stops every user before its next step.
  func stop() {
    stopped.store(true, ordering: .relaxed)
  }

  /// How far along the load is, from 0 to 1.
  func progress(actionsSent: Int) -> Double {
    switch limit {
    case let .duration(duration):
      return min(1, (ContinuousClock.now - startedAt) / duration)
    case let .actions(count):
      return count == 0 ? 1 : min(1, Double(actionsSent) / Double(count))
    }
  }
}
