import Synchronization

/// A flag set once from any thread and read from the main actor.
final class CancellationFlag: Sendable {
  private let flag = Atomic<Bool>(false)

  var isSet: Bool { flag.load(ordering: .acquiring) }

  func set() { flag.store(true, ordering: .releasing) }
}
