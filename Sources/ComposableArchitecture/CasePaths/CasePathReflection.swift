import Synchronization

prefix operator /

/// Builds a case path from an enum case constructor, such as `/AppAction.settings`.
///
/// Extraction compares the runtime case tag first and only reflects over values of the right case,
/// so scoping a parent's actions with it stays cheap. For zero reflection, write
/// ``AnyCasePath/init(embed:extract:)`` by hand.
public prefix func / <Root, Value>(
  embed: @escaping (Value) -> Root
) -> AnyCasePath<Root, Value> {
  let tag = CaseTagCache()
  return AnyCasePath(
    unchecked: embed,
    extract: { root in
      let rootTag = EnumTag.of(root)
      if let known = tag.value, let rootTag, known != rootTag { return nil }
      guard let value = extractPayload(Value.self, from: root) else { return nil }
      let embeddedTag = EnumTag.of(embed(value))
      guard embeddedTag == rootTag else { return nil }
      if rootTag != nil, tag.value == nil { tag.value = embeddedTag }
      if rootTag == nil, !sameCaseLabel(root, embed(value)) { return nil }
      return value
    }
  )
}

/// Builds a case path to a case without associated values, such as `/Action.resetButtonTapped`.
///
/// `Root` must be `Equatable` only so that overload resolution can tell a case value from a case
/// constructor; comparison itself uses the case tag.
public prefix func / <Root: Equatable>(_ root: Root) -> AnyCasePath<Root, Void> {
  let caseTag = EnumTag.of(root)
  let caseDescription = String(describing: root)
  return AnyCasePath(
    unchecked: { root },
    extract: { candidate in
      if let caseTag {
        return EnumTag.of(candidate) == caseTag ? () : nil
      }
      return String(describing: candidate) == caseDescription ? () : nil
    }
  )
}

/// Builds a case path that extracts a whole enum value, useful as the identity in compositions.
public prefix func / <Root>(type: Root.Type) -> AnyCasePath<Root, Root> {
  .self
}

/// The payload of `root`'s case, if it can be read as `Value`.
private func extractPayload<Root, Value>(_ type: Value.Type, from root: Root) -> Value? {
  let mirror = Mirror(reflecting: root)
  guard mirror.displayStyle == .enum || mirror.displayStyle == .optional,
    let payload = mirror.children.first?.value
  else {
    return Value.self == Void.self ? (() as! Value) : nil
  }
  if let value = payload as? Value { return value }
  // A single labelled payload such as `case row(id: Int)` reflects as a one-element tuple.
  let inner = Mirror(reflecting: payload)
  if inner.displayStyle == .tuple, inner.children.count == 1, let value = inner.children.first?.value as? Value {
    return value
  }
  return nil
}

private func sameCaseLabel<Root>(_ lhs: Root, _ rhs: Root) -> Bool {
  Mirror(reflecting: lhs).children.first?.label == Mirror(reflecting: rhs).children.first?.label
}

/// Remembers the tag of the case a reflective path embeds into, learnt on first successful extract.
private final class CaseTagCache: Sendable {
  private let storage = Atomic<UInt64>(.max)

  var value: UInt32? {
    get {
      let raw = storage.load(ordering: .relaxed)
      return raw == .max ? nil : UInt32(truncatingIfNeeded: raw)
    }
    set {
      storage.store(newValue.map(UInt64.init) ?? .max, ordering: .relaxed)
    }
  }
}
