import ComposableArchitecture
import Testing

@testable import SwitchyardWire

/// Sorted keys are streamed, each object's members put in order as it closes, and the bytes are
/// the tree's, which state digests were taken over before: a journal's digests still match.
@Suite struct SortedStreamingTests {
  /// Members declared out of key order, a dictionary of them, enums with associated values, keys
  /// of each kind a dictionary encodes as an object, and values written as JSON.
  private struct Shop: Encodable {
    var zone: String
    var orders: [String: Order]
    var history: [Event]
    var counts: [Int: Int]
    var extra: JSONValue
    var raw: RawJSON?
    var note: String?
  }

  private struct Order: Encodable {
    var total: Double
    var lines: [String: Int]
    var customer: String
    var address: Address?
  }

  private struct Address: Encodable {
    var street: String
    var city: String
  }

  private enum Event: Encodable {
    case placed(id: String, order: Order)
    case cancelled(String, reason: String?)
    case nothing
  }

  /// The bytes the tree writes for `value` with sorted keys: what digests were taken over.
  private func treeSorted(_ value: some Encodable) throws -> [UInt8] {
    let root = TreeNode()
    try TreeEncoder(node: root, codingPath: [], options: WireJSONEncoder.Options(userInfo: [:], maxDepth: 512, nonFiniteAsNull: false))
      .encode(value)
    var bytes: [UInt8] = []
    TreeWriter(sortedKeys: true, prettyPrinted: false).write(root, to: &bytes)
    return bytes
  }

  private func encoded(_ value: some Encodable, _ formatting: WireJSONEncoder.OutputFormatting) throws -> [UInt8] {
    var encoder = WireJSONEncoder()
    encoder.outputFormatting = formatting
    return try encoder.encode(value)
  }

  private func shop(_ generator: inout SeededRandomNumberGenerator) throws -> Shop {
    let keys = ["a", "b", "é", "Z", "a\"q", "a\\b", "z\u{1}", "10", "9", "ab", "日本"]
    func order() -> Order {
      Order(
        total: Double(Int.random(in: 0...10_000, using: &generator)) / 8,
        lines: Dictionary(uniqueKeysWithValues: keys.shuffled(using: &generator).prefix(Int.random(in: 0...5, using: &generator)).map { ($0, 1) }),
        customer: keys.randomElement(using: &generator)!,
        address: Bool.random(using: &generator) ? Address(street: "Rue \(generator.next() % 100)", city: "Lyon") : nil
      )
    }
    let orders = Dictionary(uniqueKeysWithValues: (0..<Int.random(in: 0...30, using: &generator)).map { ("o\($0)", order()) })
    let history: [Event] = (0..<Int.random(in: 0...6, using: &generator)).map { index in
      switch index % 3 {
      case 0: .placed(id: "o\(index)", order: order())
      case 1: .cancelled("o\(index)", reason: Bool.random(using: &generator) ? "late" : nil)
      default: .nothing
      }
    }
    let extra: JSONValue = ["z": [1, 2.5, ["y": nil, "x": true]], "a": "text", "m": [:]]
    return Shop(
      zone: "eu",
      orders: orders,
      history: history,
      counts: Dictionary(uniqueKeysWithValues: (0..<Int.random(in: 0...12, using: &generator)).map { ($0 * 7, $0) }),
      extra: extra,
      raw: Bool.random(using: &generator) ? try RawJSON(parsing: Array(#"{"q":1,"b":{"d":[{"y":0,"x":1}],"c":2}}"#.utf8)) : nil,
      note: Bool.random(using: &generator) ? "n" : nil
    )
  }

  @Test func sortedKeysAreTheTreesBytes() throws {
    var generator = SeededRandomNumberGenerator(seed: 0x5EED)
    for _ in 0..<300 {
      let value = try shop(&generator)
      #expect(try encoded(value, .sortedKeys) == treeSorted(value))
    }
  }

  @Test func aDeterministicValueHoldingADictionaryIsTheTreesSortedBytes() throws {
    var generator = SeededRandomNumberGenerator(seed: 0xD1C7)
    for _ in 0..<100 {
      let value = try shop(&generator)
      #expect(try encoded(value, .deterministic) == treeSorted(value))
    }
  }

  @Test func aJSONValueSortsAsTheTreeSortsIt() throws {
    var generator = SeededRandomNumberGenerator(seed: 7)
    for _ in 0..<200 {
      let value = JSONValue.random(depth: 4, using: &generator)
      #expect(try encoded(value, .sortedKeys) == treeSorted(value))
    }
  }

  @Test func anEncodeThatThrowsInsideObjectsLeavesTheNextOneSorted() throws {
    var generator = SeededRandomNumberGenerator(seed: 3)
    let value = try shop(&generator)
    let broken = ["z": Order(total: .nan, lines: ["b": 1, "a": 2], customer: "c", address: nil)]
    #expect(throws: EncodingError.self) { try encoded(broken, .sortedKeys) }
    #expect(try encoded(value, .sortedKeys) == treeSorted(value))
  }

  @Test func anOrderedObjectIsWrittenAsItCame() throws {
    #expect(try encoded(Address(street: "s", city: "c"), .sortedKeys).text == #"{"city":"c","street":"s"}"#)
    #expect(try encoded(["b": Address(street: "s", city: "c")], .sortedKeys).text == #"{"b":{"city":"c","street":"s"}}"#)
  }
}

extension JSONValue {
  /// A value of up to `depth` levels of arrays and objects, whose keys include ones that sort
  /// differently as escaped text and as bytes.
  fileprivate static func random(depth: Int, using generator: inout SeededRandomNumberGenerator) -> JSONValue {
    let keys = ["k", "K", "k2", "\"", "\\", "\u{7f}", "é", "", "kk"]
    switch Int.random(in: 0..<(depth > 0 ? 8 : 5), using: &generator) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &generator))
    case 2: return .int(Int64.random(in: -1_000...1_000, using: &generator))
    case 3: return .double(Double(Int.random(in: -100...100, using: &generator)) / 4)
    case 4: return .string(keys.randomElement(using: &generator)!)
    case 5: return .array((0..<Int.random(in: 0...4, using: &generator)).map { _ in random(depth: depth - 1, using: &generator) })
    default:
      return .object(
        Dictionary(
          keys.shuffled(using: &generator).prefix(Int.random(in: 0...6, using: &generator)).map { ($0, random(depth: depth - 1, using: &generator)) },
          uniquingKeysWith: { first, _ in first }))
    }
  }
}
