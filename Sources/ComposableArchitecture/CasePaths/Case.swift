/// A value that lets key path syntax walk through the cases of ``CasePathable`` enums.
///
/// You rarely name this type: it is the root of ``CaseKeyPath``, which is what `\.todoAdded`
/// means where a case key path is expected.
@dynamicMemberLookup
public struct Case<Value> {
  let embed: (Value) -> Any
  let extract: (Any) -> Value?
  /// The same path as an ``AnyCasePath`` from the root's type, so converting a key path into a case
  /// path gives one that never boxes its root in `Any`; `nil` for the root itself.
  let rooted: (any RootedCasePath<Value>)?

  /// The case of a value as itself: the start of every case key path.
  public init() {
    self.embed = { $0 }
    self.extract = { $0 as? Value }
    self.rooted = nil
  }

  init(embed: @escaping (Value) -> Any, extract: @escaping (Any) -> Value?, rooted: (any RootedCasePath<Value>)?) {
    self.embed = embed
    self.extract = extract
    self.rooted = rooted
  }

  /// Focuses on one case of `Value`.
  public subscript<Member>(
    dynamicMember keyPath: KeyPath<Value.AllCasePaths, AnyCasePath<Value, Member>>
  ) -> Case<Member> where Value: CasePathable {
    let path = Value.allCasePaths[keyPath: keyPath]
    let embed = self.embed
    let extract = self.extract
    return Case<Member>(
      embed: { embed(path.embed($0)) },
      extract: { extract($0).flatMap(path.extract(from:)) },
      rooted: rooted.map { $0.appending(path) } ?? path
    )
  }
}

/// A case path from some root to `Value`, whose root type only the path itself knows.
protocol RootedCasePath<Value> {
  associatedtype Value
  func appending<Member>(_ path: AnyCasePath<Value, Member>) -> any RootedCasePath<Member>
}

extension AnyCasePath: RootedCasePath {
  func appending<Member>(_ path: AnyCasePath<Value, Member>) -> any RootedCasePath<Member> {
    appending(path: path)
  }
}

// Like a case path, a `Case` only embeds and pattern-matches, so it is safe to share.
extension Case: @unchecked Sendable {}

/// A key path to a case of an enum, written `\.someCase` or `\.parent.child` with ``CasePathable`` enums.
public typealias CaseKeyPath<Root, Value> = KeyPath<Case<Root>, Case<Value>>

extension AnyCasePath {
  /// Converts a case key path into a case path, resolving the key path once.
  public init(_ keyPath: CaseKeyPath<Root, Value>) {
    let focused = Case<Root>()[keyPath: keyPath]
    if let rooted = focused.rooted as? AnyCasePath<Root, Value> {
      self = rooted
      return
    }
    self.init(
      unchecked: { focused.embed($0) as! Root },
      extract: { focused.extract($0) }
    )
  }
}

extension KeyPath {
  /// Embeds a value in the case this key path names: `(\Action.Cases.todoAdded)(todo)`.
  public func callAsFunction<Enum, AssociatedValue>(_ value: AssociatedValue) -> Enum
  where Root == Case<Enum>, Value == Case<AssociatedValue> {
    Case<Enum>()[keyPath: self].embed(value) as! Enum
  }

  /// Builds the case that carries no associated value.
  public func callAsFunction<Enum>() -> Enum where Root == Case<Enum>, Value == Case<Void> {
    Case<Enum>()[keyPath: self].embed(()) as! Enum
  }
}
