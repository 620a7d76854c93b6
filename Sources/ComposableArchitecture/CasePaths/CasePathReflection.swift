prefix operator /

/// Builds a case path from an enum case constructor, such as `/AppAction.settings`.
///
/// The first match reflects over the value with `Mirror` to learn the case's tag and payload
/// layout; after that, another case is rejected by comparing tags and the payload is copied
/// straight out of the enum, so scoping a parent's actions with it stays cheap. For zero
/// reflection, write ``AnyCasePath/init(embed:extract:)`` by hand.
///
/// A case path into an optional root, `/Destination.State.edit` where a path from
/// `Destination.State?` is expected, matches the case inside a non-`nil` root.
@inlinable
public prefix func / <Root, Value>(
  embed: @escaping (Value) -> Root
) -> AnyCasePath<Root, Value> {
  optionalRootCasePath(embed) ?? reflectiveCasePath(embed)
}

/// The case path `/` builds for a non-optional root, reflecting on its first match.
@inlinable
func reflectiveCasePath<Root, Value>(_ embed: @escaping (Value) -> Root) -> AnyCasePath<Root, Value> {
  guard let metadata = EnumMetadata(Root.self) else {
    return AnyCasePath(
      unchecked: embed,
      extract: { root in
        guard let (value, _) = reflectPayload(Value.self, from: root),
          caseLabel(of: root) == caseLabel(of: embed(value))
        else { return nil }
        return value
      }
    )
  }
  let projection = CaseProjection()
  return AnyCasePath(
    unchecked: embed,
    extract: { root in
      let rootTag = metadata.tag(of: root)
      switch projection.learned {
      case let .projectable(tag, indirect):
        return rootTag == tag ? metadata.payload(of: root, tag: tag, indirect: indirect, as: Value.self) : nil
      case let .reflective(tag):
        return rootTag == tag ? reflectPayload(Value.self, from: root)?.value : nil
      case nil:
        guard let (value, payloadType) = reflectPayload(Value.self, from: root),
          metadata.tag(of: embed(value)) == rootTag
        else { return nil }
        if let payloadType {
          projection.learn(tag: rootTag, payloadType: payloadType, value: Value.self, metadata: metadata)
        }
        return value
      }
    }
  )
}

/// Builds a case path to a case without associated values, such as `/Action.resetButtonTapped`.
///
/// `Root` must be `Equatable` only so that overload resolution can tell a case value from a case
/// constructor; comparison itself uses the case tag.
@inlinable
public prefix func / <Root: Equatable>(_ root: Root) -> AnyCasePath<Root, Void> {
  guard let metadata = EnumMetadata(Root.self) else {
    let caseDescription = String(describing: root)
    return AnyCasePath(
      unchecked: { root },
      extract: { String(describing: $0) == caseDescription ? () : nil }
    )
  }
  let caseTag = metadata.tag(of: root)
  return AnyCasePath(
    unchecked: { root },
    extract: { metadata.tag(of: $0) == caseTag ? () : nil }
  )
}

/// Builds a case path that extracts a whole enum value, useful as the identity in compositions.
public prefix func / <Root>(type: Root.Type) -> AnyCasePath<Root, Root> {
  .self
}

/// The payload of `root`'s case read as `Value` with `Mirror`, and the type it reflected as
/// (`nil` for a case without one).
@usableFromInline
func reflectPayload<Root, Value>(_ type: Value.Type, from root: Root) -> (value: Value, payloadType: Any.Type?)? {
  let mirror = Mirror(reflecting: root)
  guard mirror.displayStyle == .enum || mirror.displayStyle == .optional,
    let payload = mirror.children.first?.value
  else {
    return Value.self == Void.self ? (() as! Value, nil) : nil
  }
  if let value = payload as? Value { return (value, Swift.type(of: payload)) }
  // A single labelled payload such as `case row(id: Int)` reflects as a one-element tuple.
  let inner = Mirror(reflecting: payload)
  if inner.displayStyle == .tuple, inner.children.count == 1, let value = inner.children.first?.value as? Value {
    return (value, Swift.type(of: payload))
  }
  return nil
}

@usableFromInline
func caseLabel<Root>(of value: Root) -> String? {
  Mirror(reflecting: value).children.first?.label
}

/// An optional that a case path can look inside.
@usableFromInline
protocol OptionalRoot {
  associatedtype Wrapped
  var wrappedRoot: Wrapped? { get }
}

extension Optional: OptionalRoot {
  @usableFromInline
  var wrappedRoot: Wrapped? { self }
}

/// The path to a case of the wrapped enum when `Root` is an optional of it; `nil` for any other
/// root, and for `Optional`'s own `some` case, whose value is the wrapped type itself.
@usableFromInline
func optionalRootCasePath<Root, Value>(_ embed: @escaping (Value) -> Root) -> AnyCasePath<Root, Value>? {
  guard let optional = Root.self as? any OptionalRoot.Type else { return nil }
  return casePath(throughOptional: optional, embed)
}

private func casePath<Optional: OptionalRoot, Root, Value>(
  throughOptional _: Optional.Type,
  _ embed: @escaping (Value) -> Root
) -> AnyCasePath<Root, Value>? {
  guard Optional.Wrapped.self != Value.self else { return nil }
  let wrapped = reflectiveCasePath { (embed($0) as! Optional).wrappedRoot! }
  return AnyCasePath(
    unchecked: embed,
    extract: { ($0 as! Optional).wrappedRoot.flatMap(wrapped.extract(from:)) }
  )
}
