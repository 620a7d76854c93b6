import Testing
import SwitchyardWire

/// `.sortedKeys` orders every object's keys by their UTF-8 bytes, a prefix first, whatever the
/// object's size: state digests are taken over this output, so its bytes may never change.
@Suite struct SortedKeysTests {
  /// Encodes `count` members named `key0`… in its keyed container, then `repeated` again with
  /// another value: a key encoded twice keeps its place and takes the new value.
  private struct Repeating: Encodable {
    struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    var count: Int
    var repeated: String

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      for index in 0..<count { try container.encode(index, forKey: Key(stringValue: "key\(index)")) }
      try container.encode(-1, forKey: Key(stringValue: repeated))
    }
  }

  private var encoder: WireJSONEncoder {
    var encoder = WireJSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return encoder
  }

  @Test func keysSortByTheirUTF8BytesAPrefixFirst() throws {
    let keys = ["é", "ab", "a", "Z", "z", "a\u{0}", "éa", "_", "10", "9"]
    let value = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
    let text = try encoder.encode(value).text
    #expect(text == #"{"10":8,"9":9,"Z":3,"_":7,"a":2,"a\u0000":5,"ab":1,"z":4,"é":0,"éa":6}"#)
  }

  @Test(arguments: [3, 16, 17, 40])
  func aKeyEncodedAgainKeepsItsPlaceAndTakesTheNewValue(count: Int) throws {
    let text = try encoder.encode(Repeating(count: count, repeated: "key1")).text
    #expect(text.contains(#""key1":-1"#), "\(text)")
    #expect(!text.contains(#""key1":1,"#) && !text.hasSuffix(#""key1":1}"#), "\(text)")
    #expect(text.components(separatedBy: #""key"#).count == count + 1, "\(text)")
    let sortedNames = (0..<count).map { "key\($0)" }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    let order = sortedNames.compactMap { name in text.range(of: "\"\(name)\":").map { text.distance(from: text.startIndex, to: $0.lowerBound) } }
    #expect(order == order.sorted() && order.count == count, "\(text)")
  }

  @Test func aNewKeyAfterManyIsAddedOnce() throws {
    let text = try encoder.encode(Repeating(count: 20, repeated: "zz")).text
    #expect(text.hasSuffix(#""key9":9,"zz":-1}"#), "\(text)")
  }
}
