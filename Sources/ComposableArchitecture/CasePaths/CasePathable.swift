/// An enum that exposes a case path for each of its cases, so they can be named with key path syntax.
///
/// TCA's `@CasePathable` macro writes this conformance; on Linux without macros it is written by hand,
/// one line per case:
///
/// ```swift
/// extension Action: CasePathable {
///   struct AllCasePaths {
///     var todoAdded: AnyCasePath<Action, Todo> { /Action.todoAdded }
///   }
///   static var allCasePaths: AllCasePaths { AllCasePaths() }
/// }
/// ```
///
/// Then `\.todoAdded` is a ``CaseKeyPath`` usable with `Scope`, `store.receive` and friends.
public protocol CasePathable {
  /// A type whose properties are the case paths of this enum.
  associatedtype AllCasePaths

  /// The case paths of this enum.
  static var allCasePaths: AllCasePaths { get }
}

extension CasePathable {
  /// Extracts the value of the case named by `keyPath`, or `nil` when `self` is another case.
  public subscript<Value>(case keyPath: CaseKeyPath<Self, Value>) -> Value? {
    AnyCasePath(keyPath).extract(from: self)
  }

  /// Whether `self` is the case named by `keyPath`.
  public func `is`<Value>(_ keyPath: CaseKeyPath<Self, Value>) -> Bool {
    self[case: keyPath] != nil
  }

  /// Changes the value of the case named by `keyPath` in place: `state.modify(\.loaded) { $0.count += 1 }`.
  ///
  /// When `self` is another case nothing changes and an issue is reported, as swift-case-paths does.
  public mutating func modify<Value>(
    _ keyPath: CaseKeyPath<Self, Value>,
    yield: (inout Value) -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let casePath = AnyCasePath(keyPath)
    guard var value = casePath.extract(from: self) else {
      reportIssue(
        """
        Can't modify '\(String(describing: self))' via 'CaseKeyPath<\(Self.self), \(Value.self)>' \
        (aka '\(String(reflecting: keyPath))')
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
      return
    }
    yield(&value)
    self = casePath.embed(value)
  }
}

extension Result: CasePathable {
  /// The case paths of `Result`, so `\.todosLoaded.success` names a nested case.
  public struct AllCasePaths: Sendable {
    /// The `success` case.
    public var success: AnyCasePath<Result, Success> {
      AnyCasePath(embed: { .success($0) }, extract: { try? $0.get() })
    }

    /// The `failure` case.
    public var failure: AnyCasePath<Result, Failure> {
      AnyCasePath(
        embed: { .failure($0) },
        extract: {
          guard case let .failure(error) = $0 else { return nil }
          return error
        }
      )
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension Optional: CasePathable {
  /// The case paths of `Optional`.
  public struct AllCasePaths: Sendable {
    /// The `some` case.
    public var some: AnyCasePath<Optional, Wrapped> {
      AnyCasePath(embed: { .some($0) }, extract: { $0 })
    }

    /// The `none` case.
    public var none: AnyCasePath<Optional, Void> {
      AnyCasePath(embed: { .none }, extract: { $0 == nil ? () : nil })
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
