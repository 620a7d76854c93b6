/// Encodes `Encodable` values as UTF-8 JSON bytes, with the same contracts as Foundation's
/// `JSONEncoder` and several times its speed.
///
/// Values are written straight into the output as they are encoded. Keys come out in the order
/// they were encoded (dictionaries in their iteration order) unless ``OutputFormatting/sortedKeys``
/// is set, which puts each object's members in order as the object closes. `/` is not escaped.
public struct WireJSONEncoder: Sendable {
  /// Layout choices for output meant for people.
  public struct OutputFormatting: OptionSet, Sendable {
    /// The raw bit set.
    public let rawValue: Int
    /// Creates formatting options from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Writes object keys in the lexicographic order of their UTF-8 bytes.
    public static let sortedKeys = OutputFormatting(rawValue: 1)
    /// Breaks lines and indents nested values by two spaces.
    public static let prettyPrinted = OutputFormatting(rawValue: 2)
    /// Writes the same bytes for equal values in every process at about the cost of compact
    /// output: keys in the order they are encoded, unless the value holds a dictionary or a
    /// ``JSONValue``, whose keys' order varies from process to process; then every object's keys
    /// are sorted, as with ``sortedKeys``.
    ///
    /// For a digest of a value that is taken often, where ``sortedKeys`` costs a sort of every
    /// object's members.
    package static let deterministic = OutputFormatting(rawValue: 4)
  }

  /// How the output is laid out; compact and in encoding order by default.
  public var outputFormatting: OutputFormatting = []

  /// The deepest nesting of arrays and objects written; deeper values throw `EncodingError`.
  ///
  /// Matching the decoder's limit keeps an encoder from writing what its peer refuses to read.
  public var maxDepth = 512

  /// Values handed to `Encodable` types as `encoder.userInfo`.
  public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

  /// Whether NaN and infinities are written as `null` instead of throwing, as JavaScript's
  /// `JSON.stringify` does; messages use it so that a NaN statistic cannot make encoding fail.
  var nonFiniteAsNull = false

  /// A value met while encoding that is written as the JSON it was decoded from.
  package var known: KnownJSON?

  /// Creates an encoder with compact output.
  public init() {}

  /// Encodes a value as JSON.
  public func encode(_ value: some Encodable) throws -> [UInt8] {
    var bytes: [UInt8] = []
    try encode(value, appendingTo: &bytes)
    return bytes
  }

  /// Encodes a value as JSON at the end of `buffer`, which is left as it was if encoding throws.
  ///
  /// Use it to build a frame or a batch of frames in one buffer without copying.
  public func encode(_ value: some Encodable, appendingTo buffer: inout [UInt8]) throws {
    let deterministic = outputFormatting.contains(.deterministic)
    var options = Options(
      userInfo: userInfo.isEmpty ? [:] : userInfo.mapValues { $0 as Any }, maxDepth: maxDepth, nonFiniteAsNull: nonFiniteAsNull,
      known: known, sortsKeys: outputFormatting.contains(.sortedKeys))
    options.unorderedSortsKeys = deterministic && !options.sortsKeys
    if !outputFormatting.contains(.prettyPrinted) {
      switch try Self.stream(value, options: options, appendingTo: &buffer) {
      case .encoded:
        return
      case .needsSortedKeys:
        options.sortsKeys = true
        options.unorderedSortsKeys = false
        if case .encoded = try Self.stream(value, options: options, appendingTo: &buffer) { return }
      case .needsTree:
        break
      }
    }
    let root = TreeNode()
    try TreeEncoder(node: root, codingPath: [], options: options).encode(value)
    guard root.kind != .empty else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(codingPath: [], debugDescription: "Top-level \(type(of: value)) did not encode any values."))
    }
    let writer = TreeWriter(
      sortedKeys: outputFormatting.contains(.sortedKeys) || deterministic, prettyPrinted: outputFormatting.contains(.prettyPrinted))
    writer.write(root, to: &buffer)
  }

  /// How an encode by ``StreamEncoder`` ended.
  private enum StreamOutcome {
    case encoded
    /// The value holds a collection whose keys' order varies: to be encoded again, keys sorted.
    case needsSortedKeys
    /// The value's `Encodable` code writes out of order: to be encoded by ``TreeEncoder``.
    case needsTree
  }

  /// Encodes `value` by the stream encoder, appending it to `buffer` if that succeeds.
  @inline(__always)
  private static func stream(_ value: some Encodable, options: Options, appendingTo buffer: inout [UInt8]) throws -> StreamOutcome {
    // The encoder owns the state's memory; it outlives every access through `state` by being held
    // for the whole closure.
    try StreamEncoderCache.withEncoder(options: options) { encoder throws -> StreamOutcome in
      do {
        try encoder.encodeTopLevel(value)
      } catch {
        guard error is StreamEncoder.NeedsTree || encoder.state.pointee.needsTree else { throw error }
        return encoder.state.pointee.needsSortedKeys ? .needsSortedKeys : .needsTree
      }
      buffer.append(contentsOf: encoder.state.pointee.bytes.written)
      return .encoded
    }
  }

  /// The ``JSONValue`` a value encodes to.
  public func encodeValue(_ value: some Encodable) throws -> JSONValue {
    var plain = self
    plain.outputFormatting = []
    return try WireJSONDecoder().parse(plain.encode(value))
  }

  /// What the encoders need from the configuration, fixed for one encode.
  struct Options {
    var userInfo: [CodingUserInfoKey: Any]
    var maxDepth: Int
    var nonFiniteAsNull: Bool
    var known: KnownJSON?
    /// Whether every object's keys are sorted.
    var sortsKeys = false
    /// Whether a dictionary or a ``JSONValue`` makes the encode start over with sorted keys
    /// (``OutputFormatting/deterministic``).
    var unorderedSortsKeys = false
  }
}
