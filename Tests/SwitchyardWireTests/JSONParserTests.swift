import SwitchyardWire
import Testing

@Suite struct JSONParserTests {
  private func parse(_ text: String) throws(JSONError) -> JSONValue {
    try WireJSONDecoder().parse(Array(text.utf8))
  }

  private func parseError(_ bytes: [UInt8]) -> JSONError? {
    do {
      _ = try WireJSONDecoder().parse(bytes)
      return nil
    } catch {
      return error
    }
  }

  @Test(arguments: [10, 100, 5_000])
  func aTextDenserThanGuessedGrowsItsNodeList(count: Int) throws {
    // Two bytes a value, where the parser's first guess allows four or six.
    let text = "[" + Array(repeating: "1", count: count).joined(separator: ",") + "]"
    #expect(try parse(text) == .array(Array(repeating: 1, count: count)))
  }

  @Test func anErrorAfterTheNodeListGrewIsReportedWhereItIs() {
    let text = "[" + Array(repeating: "1", count: 200).joined(separator: ",") + ",]"
    #expect(parseError(Array(text.utf8)) == JSONError(offset: text.utf8.count - 1, reason: .unexpectedByte(UInt8(ascii: "]"))))
  }

  @Test func valuesOfEveryKind() throws {
    #expect(try parse(#" { "a" : [ 1 , -2.5e3 , "s" , true , false , null , { } , [ ] ] } "#)
      == ["a": [1, -2500.0, "s", true, false, nil, [:], []]])
    #expect(try parse("0") == 0)
    #expect(try parse("-0") == 0)
    #expect(try parse("9223372036854775807") == .int(.max))
    #expect(try parse("9223372036854775808") == .double(9_223_372_036_854_775_808))
    #expect(try parse("1E2") == .double(100))
    #expect(try parse("\"\"") == "")
  }

  @Test(arguments: [
    ("", JSONError(offset: 0, reason: .unexpectedEnd)),
    ("   ", JSONError(offset: 3, reason: .unexpectedEnd)),
    ("{", JSONError(offset: 1, reason: .unexpectedEnd)),
    (#"{"a""#, JSONError(offset: 4, reason: .unexpectedEnd)),
    (#"{"a":}"#, JSONError(offset: 5, reason: .unexpectedByte(UInt8(ascii: "}")))),
    (#"{"a":1,}"#, JSONError(offset: 7, reason: .unexpectedByte(UInt8(ascii: "}")))),
    ("[1,]", JSONError(offset: 3, reason: .unexpectedByte(UInt8(ascii: "]")))),
    ("[1 2]", JSONError(offset: 3, reason: .unexpectedByte(UInt8(ascii: "2")))),
    ("{1:2}", JSONError(offset: 1, reason: .unexpectedByte(UInt8(ascii: "1")))),
    ("[1}", JSONError(offset: 2, reason: .unexpectedByte(UInt8(ascii: "}")))),
    ("tru", JSONError(offset: 3, reason: .unexpectedEnd)),
    ("nul1", JSONError(offset: 3, reason: .unexpectedByte(UInt8(ascii: "1")))),
    ("01", JSONError(offset: 1, reason: .trailingData)),
    ("-", JSONError(offset: 0, reason: .invalidNumber)),
    ("1.", JSONError(offset: 0, reason: .invalidNumber)),
    (".5", JSONError(offset: 0, reason: .unexpectedByte(UInt8(ascii: ".")))),
    ("1e+", JSONError(offset: 0, reason: .invalidNumber)),
    ("+1", JSONError(offset: 0, reason: .unexpectedByte(UInt8(ascii: "+")))),
    ("NaN", JSONError(offset: 0, reason: .unexpectedByte(UInt8(ascii: "N")))),
    (#""abc"#, JSONError(offset: 4, reason: .unexpectedEnd)),
    ("\"a\tb\"", JSONError(offset: 2, reason: .controlCharacterInString(0x09))),
    (#""\x""#, JSONError(offset: 1, reason: .invalidEscape)),
    (#""\u12G4""#, JSONError(offset: 1, reason: .invalidEscape)),
    (#""\ud800""#, JSONError(offset: 1, reason: .loneSurrogate)),
    (#""\udc00""#, JSONError(offset: 1, reason: .loneSurrogate)),
    (#""\ud800\u0041""#, JSONError(offset: 1, reason: .loneSurrogate)),
    ("{} {}", JSONError(offset: 3, reason: .trailingData)),
  ])
  func invalidTextIsRefusedWithWhereAndWhy(text: String, expected: JSONError) {
    #expect(parseError(Array(text.utf8)) == expected)
  }

  @Test(arguments: [
    [0x22, 0xFF, 0x22],  // never valid
    [0x22, 0xC0, 0x80, 0x22],  // overlong NUL
    [0x22, 0xE0, 0x80, 0x80, 0x22],  // overlong
    [0x22, 0xED, 0xA0, 0x80, 0x22],  // an encoded surrogate
    [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // past U+10FFFF
    [0x22, 0xE6, 0x97, 0x22],  // truncated sequence
    [0x22, 0x80, 0x22],  // lone continuation byte
  ] as [[UInt8]])
  func invalidUTF8InStringsIsRefused(bytes: [UInt8]) {
    #expect(parseError(bytes) == JSONError(offset: 1, reason: .invalidUTF8))
  }

  @Test func nestingIsBoundedWithoutUsingTheStack() throws {
    let deep = String(repeating: "[", count: 100_000)
    #expect(parseError(Array(deep.utf8)) == JSONError(offset: 512, reason: .tooDeep(limit: 512)))
    let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    #expect(parseError(Array(ok.utf8)) == nil)
    var decoder = WireJSONDecoder()
    decoder.maxDepth = 3
    #expect(throws: JSONError(offset: 3, reason: .tooDeep(limit: 3))) {
      _ = try decoder.parse(Array("[[[[]]]]".utf8))
    }
  }

  @Test(arguments: ["1e400", "-1e400", "[1.5E+309]", String(repeating: "9", count: 400)])
  func numbersPastDoublesRangeAreRefused(text: String) {
    let offset = text.hasPrefix("[") ? 1 : 0
    #expect(parseError(Array(text.utf8)) == JSONError(offset: offset, reason: .numberOutOfRange))
  }

  @Test func numbersAtTheEdgeOfDoublesRangeParse() throws {
    #expect(try parse("1.7976931348623157e308") == .double(.greatestFiniteMagnitude))
    #expect(try parse("1e-400") == .double(0))
    #expect(try parse(String(repeating: "9", count: 300)) == .double(1e300))
  }

  private struct Pair: Decodable, Equatable {
    var a: Int
    var b: Int
  }

  @Test(arguments: [
    #"{"a":1,"b":2,"a":3}"#, #"{"b":2,"a":1,"a":3}"#, #"{"a":1,"a":3,"b":2}"#,
  ])
  func theFirstOfDuplicateKeysWinsInTreesAndDecoders(text: String) throws {
    #expect(try parse(text) == ["a": 1, "b": 2])
    #expect(try WireJSONDecoder().decode(Pair.self, from: Array(text.utf8)) == Pair(a: 1, b: 2))
    // Reading b first moves the lookup cursor past the first a; the first must still win.
    struct BThenA: Decodable {
      var a: Int
      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        _ = try container.decode(Int.self, forKey: .b)
        a = try container.decode(Int.self, forKey: .a)
      }
      enum CodingKeys: CodingKey { case a, b }
    }
    #expect(try WireJSONDecoder().decode(BThenA.self, from: Array(text.utf8)).a == 1)
  }

  @Test func errorsReadAsSentences() {
    #expect(JSONError(offset: 4, reason: .unexpectedByte(UInt8(ascii: "}"))).description
      == "Invalid JSON at byte 4: unexpected character '}' (0x7D).")
    #expect(JSONError(offset: 0, reason: .invalidUTF8).description
      == "Invalid JSON at byte 0: a string is not valid UTF-8.")
  }
}
