import Synchronization

/// The number the next output of one job gets: outputs are numbered within their effect, so the
/// coordinator can drop those an earlier attempt already delivered.
final class OutputSequence: Sendable {
  private let next: Atomic<UInt64>

  init(startingAt first: UInt64 = 0) {
    next = Atomic(first)
  }

  /// Numbers one output.
  func take() -> UInt64 {
    next.add(1, ordering: .relaxed).oldValue
  }

  /// Numbers the next output `number`, when a handler resumes after outputs already delivered.
  func skip(to number: UInt64) {
    next.store(number, ordering: .relaxed)
  }
}
