/// A type-erased hashable value that is also `Sendable`, for cancel ids and navigation ids.
@usableFromInline
struct AnyHashableSendable: Hashable, Sendable, CustomStringConvertible {
  let base: any Hashable & Sendable

  init(_ base: some Hashable & Sendable) {
    self.base = (base as? AnyHashableSendable)?.base ?? base
  }

  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool {
    AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    AnyHashable(base).hash(into: &hasher)
  }

  @usableFromInline
  var description: String {
    String(describing: base)
  }
}
