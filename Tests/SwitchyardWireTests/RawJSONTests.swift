import Foundation
import Testing
@testable import SwitchyardWire

/// Raw values: a place in a frame's parse, decoded once where they are used.
struct RawJSONTests {
  private struct Query: Codable, Equatable {
    var text: String
    var page: Int
  }

  @Test func anEmitsOutputDecodesFromTheFramesOwnParse() throws {
    let payload = Array(#"{"type":"emit","effect":7,"generation":2,"output":{"text":"caf\u00e9","page":3}}"#.utf8)
    guard case let .emit(emit) = try WorkerMessage(payload: payload) else {
      Issue.record("not an emit")
      return
    }
    #expect(emit.effect == 7 && emit.generation == 2)
    #expect(try emit.output.decode(Query.self) == Query(text: "café", page: 3))
    // The output keeps the frame's text: order and escapes as written.
    #expect(emit.output.description == #"{"text":"caf\u00e9","page":3}"#)
  }

  @Test func aMistypedFieldInAFrequentMessageFallsBackToTheExactError() {
    let payload = Array(#"{"type":"finished","effect":"seven","generation":2}"#.utf8)
    #expect(throws: WireError.mistypedField(type: "finished", field: "effect", expected: "a UInt64")) {
      try WorkerMessage(payload: payload)
    }
  }

  @Test func aRawValueRoundTripsThroughOurEncoderAndFoundations() throws {
    let raw = try RawJSON(encoding: Query(text: "swift", page: 1))
    #expect(try WireJSONEncoder().encode(raw) == raw.bytes)
    let viaFoundation = try JSONDecoder().decode(RawJSON.self, from: JSONEncoder().encode(raw))
    #expect(viaFoundation == raw)
    #expect(try viaFoundation.decode(Query.self) == Query(text: "swift", page: 1))
  }

  @Test func aControlSendKeepsItsActionRaw() throws {
    let payload = Array(#"{"type":"send","id":4,"action":{"text":"x","page":2}}"#.utf8)
    guard case let .send(id, action) = try ControlRequest(payload: payload) else {
      Issue.record("not a send")
      return
    }
    #expect(id == 4)
    #expect(try action.decode(Query.self) == Query(text: "x", page: 2))
    guard case .message(.status(9)) = try ControlRequest(payload: Array(#"{"type":"status","id":9}"#.utf8)) else {
      Issue.record("a status request is not a plain message")
      return
    }
  }

  @Test func pathsWalkARawValueAsTheyWalkAJSONValue() throws {
    let state: JSONValue = ["sessions": [["id": "1", "query": "a"], ["id": 2, "query": "b"]], "count": 2]
    let raw = RawJSON(state)
    for path in ["", "count", "sessions.0.query", "sessions.1", "sessions.id=1.query", "sessions.id=2", "sessions.2", "sessions.id=3", "count.x", "nope"] {
      #expect(raw[dottedPath: path]?.value == state[dottedPath: path], "\(path)")
    }
    for path in ["sessions.+0", "sessions.-1", "sessions. 1", "sessions.0x1"] {
      #expect(raw[dottedPath: path] == nil && state[dottedPath: path] == nil, "\(path) names an element")
    }
  }
}

/// A raw value's source: the bytes it arrived in, found from the parse alone.
struct RawJSONSourceTests {
  private func source(_ json: RawJSON) -> String {
    var bytes: [UInt8] = []
    json.writeSource(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func aValueIsCopiedAsItWasWrittenWhitespaceAndEscapesIncluded() throws {
    let text = #"{ "a" : [1, { "b" :"x\n\"y" } , [ ] ] ,"c":{},"d": -1.5e3 , "e":null,"f":[true ,false]}"#
    let json = try RawJSON(parsing: Array(("  \n" + text + " \t").utf8))
    #expect(source(json) == text)
    #expect(source(try #require(json[["a"]])) == #"[1, { "b" :"x\n\"y" } , [ ] ]"#)
    #expect(source(try #require(json[["c"]])) == "{}")
    #expect(source(try #require(json[["d"]])) == "-1.5e3")
    #expect(source(try #require(json[["e"]])) == "null")
    #expect(source(try #require(json[["f"]])) == "[true ,false]")
  }

  @Test func everyKindOfValueAtTheTopLevelIsCopiedWhole() throws {
    for text in [#""plain""#, #""esc\u00e9""#, "42", "true", "[ ]", "{ }", #"[[[{"deep":[{}]}]]]"#, #"{"a":{"b":{"c":"d"}} }"#] {
      #expect(source(try RawJSON(parsing: Array(text.utf8))) == text)
    }
  }

  @Test func theSourceParsesToTheSameValue() throws {
    struct Tagged: Encodable {
      var tags = ["a", "b\"c"]
      var nested = ["x": 1]
    }
    let json = try RawJSON(encoding: Tagged())
    let copy = try RawJSON(parsing: Array(source(json).utf8))
    #expect(copy == json)
  }
}
