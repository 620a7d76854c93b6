/// One JSON value still in the parsed frame it arrived in: a job, an output or an action on its
/// way from the wire to the one place that decodes it into its Swift type.
///
/// Decoding a frame's message leaves the parts only the two ends understand as `RawJSON`, so
/// ``decode(_:)`` reads them from the same parse: no ``JSONValue`` tree is built and nothing is
/// encoded or parsed again. Build a ``JSONValue`` with ``value`` where a tool needs to look inside.
public struct RawJSON: Sendable {
  /// Shared across threads as it is: see ``JSONDocument`` for why that is safe.
  nonisolated(unsafe) let document: JSONDocument
  let node: Int

  init(document: JSONDocument, node: Int) {
    self.document = document
    self.node = node
  }

  /// Parses `bytes`, which must hold exactly one JSON value.
  public init(parsing bytes: some Collection<UInt8>, maxDepth: Int = 512) throws(JSONError) {
    self.init(document: try JSONDocument.parsing(bytes, maxDepth: maxDepth), node: 0)
  }

  /// The raw form of a ``JSONValue``.
  public init(_ value: JSONValue) {
    // A value's own encoding always parses, at any depth.
    self = try! RawJSON(parsing: JSONValueWriter.bytes(of: value), maxDepth: .max)
  }

  /// The raw form of `value`'s encoding by ``WireJSONEncoder``.
  public init(encoding value: some Encodable) throws {
    self = try RawJSON(parsing: WireJSONEncoder().encode(value))
  }

  /// Decodes the value as a `T`, from the parse it arrived in.
  ///
  /// Throws `DecodingError` with the path of the offending field, as ``WireJSONDecoder`` does.
  public func decode<T: Decodable>(_ type: T.Type, using decoder: WireJSONDecoder = WireJSONDecoder()) throws -> T {
    try decoder.decode(type, from: document, at: node)
  }

  /// The value as compact JSON, members in the order they were written and strings and numbers
  /// exactly as they were.
  public var bytes: [UInt8] {
    var bytes: [UInt8] = []
    document.write(node, to: &bytes)
    return bytes
  }

  /// The value as a ``JSONValue`` tree, for code that inspects it rather than decoding it.
  public var value: JSONValue {
    document.jsonValue(at: node)
  }
}

extension RawJSON: Equatable {
  /// Equal when they stand for equal JSON values, whatever their spacing or key order.
  public static func == (lhs: RawJSON, rhs: RawJSON) -> Bool {
    lhs.value == rhs.value
  }
}

extension RawJSON: CustomStringConvertible {
  /// The value as compact JSON, members in the order they were written.
  public var description: String {
    String(decoding: bytes, as: UTF8.self)
  }
}

extension RawJSON {
  /// Appends the value as compact JSON to `buffer`, as ``bytes`` holds it, without a copy between.
  package func write(to buffer: inout [UInt8]) {
    document.write(node, to: &buffer)
  }

  /// Appends the value as the bytes it arrived in, whitespace and all, to `buffer`: one copy,
  /// where ``write(to:)`` writes it value by value.
  package func writeSource(to buffer: inout [UInt8]) {
    buffer.append(contentsOf: document.source(of: node))
  }
}
