/// Literals build JSON values in code and tests as they would read on the wire.
extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  /// `nil` is JSON `null`.
  public init(nilLiteral: ()) { self = .null }
  /// A Boolean literal.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  /// An integer literal.
  public init(integerLiteral value: Int64) { self = .int(value) }
  /// A floating-point literal.
  public init(floatLiteral value: Double) { self = .double(value) }
  /// A string literal.
  public init(stringLiteral value: String) { self = .string(value) }
  /// An array literal.
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  /// A dictionary literal; a repeated key keeps its last value.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}
