import Synchronization

/// Whether the leader's lease was lost, set on the lease keeper's thread and read once the
/// coordinator has shut down.
final class LeaseLoss: Sendable {
  private let flag = Atomic<Bool>(false)

  /// Notes that the lease was lost.
  func happened() {
    flag.store(true, ordering: .relaxed)
  }

  /// Whether it was.
  var hasHappened: Bool { flag.load(ordering: .relaxed) }
}
