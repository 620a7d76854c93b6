import Testing
import SwitchyardWire

/// `.deterministic` writes a value's keys in the order its type encodes them, and falls back to
/// sorted keys for the whole value when it holds a dictionary, whose order varies between processes.
@Suite struct DeterministicOutputTests {
  private struct Job: Encodable {
    var zone: String
    var attempt: Int
    var tags: [String]
  }

  private struct TaggedJob: Encodable {
    var zone: String
    var weights: [String: Int]?
  }

  private var encoder: WireJSONEncoder {
    var encoder = WireJSONEncoder()
    encoder.outputFormatting = .deterministic
    return encoder
  }

  @Test func keepsTheOrderATypeEncodesItsKeysIn() throws {
    let job = Job(zone: "eu", attempt: 2, tags: ["b", "a"])
    #expect(try encoder.encode(job).text == #"{"zone":"eu","attempt":2,"tags":["b","a"]}"#)
  }

  @Test func sortsEveryObjectsKeysWhenAValueHoldsADictionary() throws {
    let weights = Dictionary(uniqueKeysWithValues: (0..<40).map { ("key\($0)", $0) })
    let job = TaggedJob(zone: "eu", weights: weights)
    var sorted = WireJSONEncoder()
    sorted.outputFormatting = .sortedKeys
    let bytes = try encoder.encode(job)
    #expect(bytes == (try sorted.encode(job)))
    #expect(bytes.text.hasPrefix(#"{"weights":{"key0":0,"key1":1,"key10":10,"#))
    #expect(try encoder.encode(TaggedJob(zone: "eu", weights: nil)).text == #"{"zone":"eu"}"#)
  }

  @Test func sortsAJSONValuesKeys() throws {
    let value: JSONValue = ["b": 1, "a": ["d": true, "c": nil]]
    #expect(try encoder.encode(value).text == #"{"a":{"c":null,"d":true},"b":1}"#)
  }
}
