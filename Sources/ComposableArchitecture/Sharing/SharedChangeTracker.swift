import Foundation

/// Records which ``Shared`` values changed while a ``TestStore`` ran its reducer and effects, so the
/// test must assert those changes as it asserts the rest of state, as in TCA.
final class SharedChangeTracker: @unchecked Sendable {
  private let lock = NSLock()
  private var changes: [ObjectIdentifier: any SharedChange] = [:]

  /// Set while a test store evaluates an assertion: shared values read and change what the test
  /// expects rather than what they hold.
  @TaskLocal static var isAsserting = false

  func record(_ change: some SharedChange) {
    lock.withLock { changes[ObjectIdentifier(change)] = change }
  }

  /// Whether a change is waiting to be asserted.
  var hasChanges: Bool {
    lock.withLock { !changes.isEmpty }
  }

  /// Accepts every recorded change: after an assertion, or when the test is not exhaustive.
  func reset() {
    let accepted = lock.withLock {
      defer { changes.removeAll() }
      return Array(changes.values)
    }
    for change in accepted { change.acceptChange() }
  }
}
