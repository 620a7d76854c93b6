/// A path that can embed a value into one case of an enum and try to extract it back out.
///
/// Case paths are to enums what writable key paths are to structs: ``Scope``, ``Reducer/ifCaseLet(_:action:then:fileID:filePath:line:column:)``
/// and ``Store/scope(state:action:)`` use them to focus on one case of a parent's action or state.
/// Build one by hand for zero reflection, or with the `/` operator from a case constructor.
public struct AnyCasePath<Root, Value> {
  private let _embed: (Value) -> Root
  private let _extract: (Root) -> Value?

  /// Creates a case path from an embed and an extract function.
  ///
  /// This form uses no reflection: prefer it on hot paths.
  public init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.init(unchecked: embed, extract: extract)
  }

  /// Creates a case path from functions known to be pure, such as enum case constructors.
  @usableFromInline
  init(unchecked embed: @escaping (Value) -> Root, extract: @escaping (Root) -> Value?) {
    self._embed = embed
    self._extract = extract
  }

  /// Wraps a value in the case this path focuses on.
  @inlinable
  public func embed(_ value: Value) -> Root {
    _embedFunction(value)
  }

  /// Returns the case's associated value, or `nil` when `root` is another case.
  @inlinable
  public func extract(from root: Root) -> Value? {
    _extractFunction(root)
  }

  @usableFromInline
  var _embedFunction: (Value) -> Root { _embed }

  @usableFromInline
  var _extractFunction: (Root) -> Value? { _extract }
}

// A case path only embeds and pattern-matches: its functions are pure and hold no mutable state,
// so it is safe to share even when built from a case constructor the compiler cannot prove Sendable.
extension AnyCasePath: @unchecked Sendable {}

extension AnyCasePath {
  /// Appends another case path, focusing on a case nested inside this one.
  public func appending<AppendedValue>(
    path: AnyCasePath<Value, AppendedValue>
  ) -> AnyCasePath<Root, AppendedValue> {
    AnyCasePath<Root, AppendedValue>(
      unchecked: { self.embed(path.embed($0)) },
      extract: { self.extract(from: $0).flatMap(path.extract(from:)) }
    )
  }
}

extension AnyCasePath {
  /// Changes the value of the case in place, re-embedding it; throws when `root` is another case.
  public func modify<Result>(_ root: inout Root, _ body: (inout Value) throws -> Result) throws -> Result {
    guard var value = extract(from: root) else { throw CasePathExtractionFailed() }
    let result = try body(&value)
    root = embed(value)
    return result
  }
}

/// Thrown by ``AnyCasePath/modify(_:_:)`` when the root is not the path's case.
public struct CasePathExtractionFailed: Error {}

extension AnyCasePath where Root == Value {
  /// The identity case path, which embeds and extracts a value as itself.
  public static var `self`: Self {
    AnyCasePath(embed: { $0 }, extract: { $0 })
  }
}

/// The pre-1.0 name of ``AnyCasePath``, kept so older code ports unchanged.
public typealias CasePath<Root, Value> = AnyCasePath<Root, Value>
