extension JSONValue {
  /// The value as Swift dictionaries, arrays and scalars, which the structural diff `TestStore`
  /// prints reflects as such: keys sorted, `null` as `nil`.
  var dumpTree: Any {
    switch self {
    case .null: Optional<Int>.none as Any
    case let .bool(value): value
    case let .int(value): value
    case let .double(value): value
    case let .string(value): value
    case let .array(elements): elements.map(\.dumpTree)
    case let .object(members): members.mapValues(\.dumpTree)
    }
  }
}
