import Testing

@testable import SwitchyardWire

@Suite struct JSONValuePathTests {
  let state: JSONValue = [
    "sessions": [
      ["id": "7", "search": ["query": "copper"]],
      ["id": "1", "search": ["query": "kettle"]],
      ["id": .int(42), "search": ["query": "steel"]],
    ]
  ]

  /// Whether nothing is at `path`; `== nil` would compare with JSON `null`, a literal `JSONValue` takes.
  func isMissing(_ path: String) -> Bool {
    if case .none = state[dottedPath: path] { true } else { false }
  }

  @Test func objectsWalkByKeyAndArraysByIndex() {
    #expect(state[dottedPath: "sessions.1.search.query"] == "kettle")
    #expect(state[dottedPath: ""] == state)
    #expect(isMissing("sessions.3"))
    #expect(isMissing("sessions.-1"))
    #expect(isMissing("missing"))
  }

  @Test func anArrayStepByIDFindsTheElementWhereverItStands() {
    #expect(state[dottedPath: "sessions.id=1.search.query"] == "kettle")
    #expect(state[dottedPath: "sessions.id=7.search.query"] == "copper")
    #expect(state[dottedPath: "sessions.id=42.search.query"] == "steel")
    #expect(isMissing("sessions.id=2"))
    #expect(isMissing("sessions.id="))
    #expect(isMissing("sessions.first"))
  }
}
