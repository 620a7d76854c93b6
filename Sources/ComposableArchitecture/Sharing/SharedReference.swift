import Foundation

/// The box every copy of a ``Shared`` value points at: the value, and while a ``TestStore`` checks
/// a change, the value as the test last asserted it.
final class SharedReference<Value>: @unchecked Sendable {
  private let lock = NSRecursiveLock()
  private var value: Value
  /// What the test has asserted, set when tracked code changes the value and cleared once the
  /// change is asserted; `nil` when the two agree.
  private var snapshot: Value?
  /// Called after each change made outside an assertion, to persist it.
  private let didChange: (@Sendable (Value) -> Void)?

  init(_ value: Value, didChange: (@Sendable (Value) -> Void)? = nil) {
    self.value = value
    self.didChange = didChange
  }

  /// The value, or inside an assertion the value as the test expects it.
  var current: Value {
    lock.withLock { SharedChangeTracker.isAsserting ? snapshot ?? value : value }
  }

  /// The value as it really is, whatever the test expects.
  var actual: Value {
    lock.withLock { value }
  }

  /// Changes the value; inside an assertion, changes what the test expects instead.
  func withLock<R>(_ operation: (inout Value) throws -> R) rethrows -> R {
    if SharedChangeTracker.isAsserting {
      return try lock.withLock {
        var expected = snapshot ?? value
        defer { snapshot = expected }
        return try operation(&expected)
      }
    }
    let tracker = DependencyValues._current.sharedChangeTracker
    let (result, newValue) = try lock.withLock {
      if tracker != nil, snapshot == nil { snapshot = value }
      let result = try operation(&value)
      return (result, value)
    }
    tracker?.record(self)
    didChange?(newValue)
    return result
  }

  /// Accepts the value as asserted.
  func acceptChange() {
    lock.withLock { snapshot = nil }
  }
}

extension SharedReference: SharedChange {}

extension SharedReference: SharedBox {
  var identity: SharedIdentity { SharedIdentity(root: ObjectIdentifier(self), path: []) }
}

/// A reference whose unasserted change a ``SharedChangeTracker`` can accept.
protocol SharedChange: AnyObject, Sendable {
  func acceptChange()
}
