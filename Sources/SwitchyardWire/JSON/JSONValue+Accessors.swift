/// Typed views of a JSON value, `nil` when the value is of another kind.
extension JSONValue {
  /// The string, if this is a string.
  public var stringValue: String? {
    if case let .string(value) = self { return value }
    return nil
  }

  /// The Boolean, if this is `true` or `false`.
  public var boolValue: Bool? {
    if case let .bool(value) = self { return value }
    return nil
  }

  /// The integer, if this is an integer, or a double with an exact `Int64` value.
  public var int64Value: Int64? {
    switch self {
    case let .int(value): return value
    case let .double(value): return Int64(exactly: value)
    default: return nil
    }
  }

  /// The number as a `Double`, if this is a number.
  public var doubleValue: Double? {
    switch self {
    case let .int(value): return Double(value)
    case let .double(value): return value
    default: return nil
    }
  }

  /// The elements, if this is an array.
  public var arrayValue: [JSONValue]? {
    if case let .array(value) = self { return value }
    return nil
  }

  /// The members, if this is an object.
  public var objectValue: [String: JSONValue]? {
    if case let .object(value) = self { return value }
    return nil
  }

  /// Whether this is `null`.
  public var isNull: Bool { self == .null }
}
