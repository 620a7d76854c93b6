import Synchronization

/// Whether something happened, noted on one thread and read on another: that the leader's lease
/// was lost (on the lease keeper's thread), or that a standby was asked to stop (on a signal).
final class Occurrence: Sendable {
  private let flag = Atomic<Bool>(false)

  /// Notes that it happened.
  func happened() {
    flag.store(true, ordering: .relaxed)
  }

  /// Whether it did.
  var hasHappened: Bool { flag.load(ordering: .relaxed) }
}
