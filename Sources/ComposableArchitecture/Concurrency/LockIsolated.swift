import Foundation

/// A value guarded by a lock, so tests and effects can share mutable state across tasks.
///
/// ```swift
/// let events = LockIsolated<[String]>([])
/// events.withValue { $0.append("tapped") }
/// ```
@dynamicMemberLookup
public final class LockIsolated<Value>: @unchecked Sendable {
  private var _value: Value
  private let lock = NSRecursiveLock()

  /// Guards `value`.
  public init(_ value: @autoclosure @Sendable () throws -> Value) rethrows {
    self._value = try value()
  }

  /// Reads a property of the value under the lock.
  public subscript<Subject: Sendable>(dynamicMember keyPath: KeyPath<Value, Subject>) -> Subject {
    lock.withLock { _value[keyPath: keyPath] }
  }

  /// Reads or changes the value under the lock; the lock is held for all of `operation`.
  public func withValue<T: Sendable>(_ operation: @Sendable (inout Value) throws -> T) rethrows -> T {
    try lock.withLock { try operation(&_value) }
  }

  /// Replaces the value.
  public func setValue(_ newValue: @autoclosure @Sendable () throws -> Value) rethrows {
    try lock.withLock { _value = try newValue() }
  }
}

extension LockIsolated where Value: Sendable {
  /// The value, read under the lock.
  public var value: Value {
    lock.withLock { _value }
  }
}

extension LockIsolated: Equatable where Value: Equatable {
  public static func == (lhs: LockIsolated, rhs: LockIsolated) -> Bool {
    // One lock at a time: holding both could deadlock against a comparison the other way round.
    let left = lhs.lock.withLock { lhs._value }
    return rhs.lock.withLock { left == rhs._value }
  }
}
