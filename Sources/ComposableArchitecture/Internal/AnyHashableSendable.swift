/// A type-erased hashable value that is also `Sendable`: what `AnyHashable` is, for values that
/// cross concurrency domains, such as cancel ids.
///
/// TCA re-exports it from swift-concurrency-extras; apps use it for ids of mixed types.
public struct AnyHashableSendable: Hashable, Sendable, CustomStringConvertible {
  /// The value wrapped.
  public let base: any Hashable & Sendable

  /// Wraps `base`; an `AnyHashableSendable` is not wrapped twice.
  public init<Base: Hashable & Sendable>(_ base: Base) {
    // Comparing the types, not casting: a cast of every cancel id cost a dynamic cast.
    if Base.self == AnyHashableSendable.self {
      self.base = unsafeBitCast(base, to: AnyHashableSendable.self).base
    } else {
      self.base = base
    }
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    // Values of one type compare directly; boxing both in `AnyHashable` on every lookup of a
    // cancel id cost casts and metadata lookups. Different types (`1 as Int` and `1 as Int8`)
    // compare as `AnyHashable` does.
    func equals<Base: Hashable>(_ base: Base) -> Bool {
      guard let other = rhs.base as? Base else { return AnyHashable(base) == AnyHashable(rhs.base) }
      return base == other
    }
    return equals(lhs.base)
  }

  public func hash(into hasher: inout Hasher) {
    // A string, the usual cancel id, equals only strings, so it hashes as itself; other values
    // hash as `AnyHashable` does, which `1 as Int` and `1 as Int8` must agree on. The opened type
    // is compared, not cast: casting every cancel id to `String` cost a dynamic cast.
    func hash<Base: Hashable>(_ base: Base) {
      if Base.self == String.self { return hasher.combine(unsafeBitCast(base, to: String.self)) }
      AnyHashable(base).hash(into: &hasher)
    }
    hash(base)
  }

  public var description: String {
    String(describing: base)
  }
}
