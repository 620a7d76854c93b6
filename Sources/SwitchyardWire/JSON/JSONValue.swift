/// Any JSON value, for the parts of a message whose shape only the two ends agree on: a job,
/// an effect's output, an action, a slice of state.
///
/// Integers within `Int64` are ``int(_:)``; any other number is ``double(_:)``, so an integer
/// beyond the `Int64` range loses precision here (decode such a field into a `UInt64` instead).
public indirect enum JSONValue: Hashable, Sendable {
  /// JSON `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number written without a fraction or exponent that fits in `Int64`.
  case int(Int64)
  /// Any other number.
  case double(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object; JSON does not order keys, so neither does this.
  case object([String: JSONValue])

  /// The value found by walking objects by key and arrays by decimal index or by `id=VALUE`, or
  /// `nil` when a step does not exist; an empty path is the value itself.
  ///
  /// `id=VALUE` picks the first element whose `id` member is the string or integer `VALUE`: an
  /// identified collection's element keeps its id when others are added or removed, its index not.
  public subscript(path: [String]) -> JSONValue? {
    var current = self
    for component in path {
      switch current {
      case let .object(members):
        guard let next = members[component] else { return nil }
        current = next
      case let .array(elements):
        guard let next = Self.element(of: elements, at: component) else { return nil }
        current = next
      default:
        return nil
      }
    }
    return current
  }

  private static func element(of elements: [JSONValue], at component: String) -> JSONValue? {
    switch ArrayPathStep(component) {
    case let .index(index)?:
      // Not a `?:`: its `nil` would be taken as the literal for JSON `null`.
      guard elements.indices.contains(index) else { return nil }
      return elements[index]
    case let .id(id)?:
      return elements.first { element in
        switch element[["id"]] {
        case let .string(value)?: value == id
        case let .int(value)?: String(value) == id
        default: false
        }
      }
    case nil:
      return nil
    }
  }

  /// The value at a dotted path such as `"sessions.0.search"` or `"sessions.id=1.search"`; `""`
  /// is the value itself.
  ///
  /// This is the path syntax of the control socket's `state` and `subscribe` requests.
  public subscript(dottedPath path: String) -> JSONValue? {
    self[JSONValue.pathComponents(path)]
  }

  /// Splits a dotted path into the components ``subscript(_:)`` walks; `""` is the empty path.
  public static func pathComponents(_ dottedPath: String) -> [String] {
    guard !dottedPath.isEmpty else { return [] }
    return dottedPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
  }
}
