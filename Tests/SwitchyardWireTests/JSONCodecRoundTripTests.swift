import ComposableArchitecture
import Foundation
import SwitchyardWire
import Testing

@Suite struct JSONCodecRoundTripTests {
  @Test func aStateWithEveryKindOfMember() throws {
    try expectCrossCodecRoundTrip(SampleState.full)
  }

  @Test func enumsWithAssociatedValuesHaveSwiftsSynthesizedShape() throws {
    let encoder = WireJSONEncoder()
    #expect(try encoder.encode(SampleAction.element(id: 1, action: .tapped)).text == #"{"element":{"id":1,"action":{"tapped":{}}}}"#)
    #expect(try encoder.encode(SampleAction.foo(5)).text == #"{"foo":{"_0":5}}"#)
    #expect(try encoder.encode(SampleAction.pair("a", 0.5)).text == #"{"pair":{"_0":"a","_1":0.5}}"#)
    #expect(try encoder.encode(SampleAction.optional(value: nil)).text == #"{"optional":{}}"#)
    #expect(try encoder.encode(SampleAction.tapped).text == #"{"tapped":{}}"#)
    for action: SampleAction in [
      .element(id: 1, action: .tapped), .element(id: -3, action: .textChanged("x")), .foo(5), .pair("a", 0.5),
      .optional(value: nil), .optional(value: "v"), .tapped,
    ] {
      try expectCrossCodecRoundTrip(action)
    }
  }

  @Test func nilOptionalsAreAbsentKeysAsInFoundation() throws {
    struct Holder: Codable, Equatable { var a: Int?; var b: String? }
    #expect(try WireJSONEncoder().encode(Holder(a: nil, b: "x")).text == #"{"b":"x"}"#)
    #expect(try WireJSONDecoder().decode(Holder.self, from: Array(#"{"a":null}"#.utf8)) == Holder(a: nil, b: nil))
    try expectCrossCodecRoundTrip(Holder(a: nil, b: nil))
    try expectCrossCodecRoundTrip(Holder(a: 1, b: nil))
  }

  @Test func integersAtTheirLimitsAreExact() throws {
    try expectCrossCodecRoundTrip([Int64.min, Int64.max, 0, -1])
    try expectCrossCodecRoundTrip([UInt64.max, UInt64.max - 1, 0])
    try expectCrossCodecRoundTrip([Int8.min, Int8.max])
    try expectCrossCodecRoundTrip([UInt32.max])
    #expect(try WireJSONEncoder().encode(UInt64.max).text == "18446744073709551615")
    #expect(try WireJSONEncoder().encode(Int64.min).text == "-9223372036854775808")
  }

  @Test func doublesRoundTripBitForBit() throws {
    var generator = SeededRandomNumberGenerator(seed: 2024)
    var values: [Double] = [
      0, -0.0, 1, -1, 0.1, 1e-7, 123_456_789.125, .pi, .ulpOfOne, .leastNonzeroMagnitude,
      .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e15, 1e16, 9_007_199_254_740_994,
    ]
    while values.count < 5_000 {
      let value = Double(bitPattern: generator.next())
      if value.isFinite { values.append(value) }
    }
    let encoded = try WireJSONEncoder().encode(values)
    let ours = try WireJSONDecoder().decode([Double].self, from: encoded)
    let foundation = try JSONDecoder().decode([Double].self, from: Data(encoded))
    let fromFoundation = try WireJSONDecoder().decode([Double].self, from: JSONEncoder().encode(values))
    for index in values.indices {
      #expect(ours[index].bitPattern == values[index].bitPattern, "\(values[index])")
      #expect(foundation[index] == values[index], "\(values[index])")
      #expect(fromFoundation[index] == values[index], "\(values[index])")
    }
  }

  @Test func floatsRoundTrip() throws {
    try expectCrossCodecRoundTrip([Float(0.1), .greatestFiniteMagnitude, .leastNonzeroMagnitude, -1.5])
  }

  @Test func nonFiniteNumbersAreRefusedAsInFoundation() {
    #expect(throws: EncodingError.self) { try WireJSONEncoder().encode([Double.nan]) }
    #expect(throws: EncodingError.self) { try WireJSONEncoder().encode(["x": Double.infinity]) }
    #expect(throws: EncodingError.self) { try WireJSONEncoder().encode(JSONValue.double(-.infinity)) }
  }

  @Test func aRefusedNumberIsNamedByTheKeysAndIndexesAboveIt() {
    struct Reading: Encodable { var ratio: Double }
    struct Readings: Encodable { var items: [Reading] }
    let error = #expect(throws: EncodingError.self) {
      try WireJSONEncoder().encode(Readings(items: [Reading(ratio: 1), Reading(ratio: .nan)]))
    }
    guard case let .invalidValue(_, context) = error else { return }
    #expect(context.codingPath.first?.stringValue == "items")
    #expect(context.codingPath.dropFirst().first?.intValue == 1)
  }

  @Test func stringsWithEscapesControlCharactersAndAstralScalars() throws {
    var every = (0..<0x80).map { Character(Unicode.Scalar(UInt8($0))) }.map(String.init).joined()
    every += "é日本👍🏽😀\u{10FFFF}\u{FEFF}\u{2028}"
    try expectCrossCodecRoundTrip([every])
    #expect(try WireJSONEncoder().encode("\u{0}\u{1F}\n\"\\/").text == #""\u0000\u001f\n\"\\/""#)
    let escaped = Array(#"["\ud83d\ude00 \u00e9 \u65E5 \/ \b\f\n\r\t"]"#.utf8)
    #expect(try WireJSONDecoder().decode([String].self, from: escaped) == ["😀 é 日 / \u{8}\u{C}\n\r\t"])
  }

  @Test func everySpecialCharacterAtEveryPositionOfAWord() throws {
    let specials: [Character] = ["\u{0}", "\u{1F}", "\"", "\\", "\n", "é", "😀", "\u{7F}", "/"]
    for special in specials {
      for position in 0..<17 {
        var text = Array(repeating: Character("a"), count: 17)
        text[position] = special
        try expectCrossCodecRoundTrip([String(text)])
        let parsed = try WireJSONDecoder().parse(JSONEncoder().encode([String(text)]))
        #expect(parsed == [.string(String(text))])
      }
    }
  }

  @Test func superEncodersAndDecodersNestUnderSuper() throws {
    let value = SampleDerived(base: 3, derived: "d")
    #expect(try WireJSONEncoder().encode(value).text == #"{"derived":"d","super":{"base":3}}"#)
    let back = try WireJSONDecoder().decode(SampleDerived.self, from: WireJSONEncoder().encode(value))
    #expect(back.base == 3 && back.derived == "d")
    let viaFoundation = try WireJSONDecoder().decode(SampleDerived.self, from: JSONEncoder().encode(value))
    #expect(viaFoundation.base == 3 && viaFoundation.derived == "d")
  }

  @Test func outOfOrderWritesFallBackToTheTreeEncoder() throws {
    let value = OutOfOrderWriter(a: 1, b: 2, second: "s")
    #expect(try WireJSONEncoder().encode(value).text == #"{"inner":{"a":1,"b":2},"second":"s"}"#)
    try expectCrossCodecRoundTrip(value)
  }

  @Test func sortedAndPrettyOutput() throws {
    var encoder = WireJSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let value: JSONValue = ["b": [1, ["d": true, "c": nil]], "a": "x", "e": [:], "f": []]
    #expect(try encoder.encode(value).text == #"{"a":"x","b":[1,{"c":null,"d":true}],"e":{},"f":[]}"#)
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    #expect(try encoder.encode(value).text == """
      {
        "a": "x",
        "b": [
          1,
          {
            "c": null,
            "d": true
          }
        ],
        "e": {},
        "f": []
      }
      """)
    #expect(try WireJSONDecoder().decode(SampleState.self, from: encoder.encode(SampleState.full)) == .full)
  }

  @Test func appendingToABufferKeepsWhatWasThere() throws {
    var buffer: [UInt8] = Array("prefix".utf8)
    try WireJSONEncoder().encode(SampleChild(title: "t", done: true), appendingTo: &buffer)
    #expect(buffer.text == #"prefix{"title":"t","done":true}"#)
    #expect(throws: EncodingError.self) { try WireJSONEncoder().encode([Double.nan], appendingTo: &buffer) }
    #expect(buffer.text == #"prefix{"title":"t","done":true}"#)
  }

  @Test func jsonValuesRoundTripThroughEncodableValues() throws {
    let value = try WireJSONEncoder().encodeValue(SampleChild(title: "t", done: false))
    #expect(value == ["title": "t", "done": false])
    #expect(try WireJSONDecoder().decode(SampleChild.self, from: value) == SampleChild(title: "t", done: false))
  }

  @Test func aValueThatEncodesNothing() throws {
    struct Silent: Encodable { func encode(to encoder: any Encoder) throws {} }
    #expect(throws: EncodingError.self) { try WireJSONEncoder().encode(Silent()) }
    #expect(try WireJSONEncoder().encode(["quiet": Silent()]).text == #"{"quiet":{}}"#)
  }
}
