/// A raw value decodes from any coder and encodes as the JSON it stands for; through the wire's own
/// decoder it keeps a reference to the parse instead of copying the value out.
extension RawJSON: Codable {
  /// Takes the value at the decoder's position: by reference from a ``WireJSONDecoder``, by way
  /// of a ``JSONValue`` from any other.
  public init(from decoder: any Decoder) throws {
    if let tape = decoder as? TapeDecoder {
      self.init(document: tape.document, node: tape.currentNode)
    } else {
      self.init(try JSONValue(from: decoder))
    }
  }

  /// Encodes the JSON value this stands for.
  public func encode(to encoder: any Encoder) throws {
    try value.encode(to: encoder)
  }
}

extension RawJSON: ExpressibleByNilLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
  /// `nil` is JSON `null`.
  public init(nilLiteral: ()) { self.init(JSONValue.null) }
  /// An array literal.
  public init(arrayLiteral elements: JSONValue...) { self.init(JSONValue.array(elements)) }
  /// A dictionary literal; a repeated key keeps its last value.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.init(JSONValue.object(Dictionary(elements, uniquingKeysWith: { _, last in last })))
  }
}
