import Testing

@testable import SwitchyardWire

struct JSONDiffTests {
  private func json(_ text: String) throws -> JSONValue {
    try WireJSONDecoder().parse(Array(text.utf8))
  }

  @Test func elementsWithAnIDAreMatchedByID() throws {
    let before = try json(#"{"sessions":[{"id":"1","query":""},{"id":"2","query":"x"}]}"#)
    let after = try json(#"{"sessions":[{"id":"2","query":"x"},{"id":"3","query":""}]}"#)
    let diff = JSONDiff(from: before, to: after, limit: 10)
    #expect(diff.changes == [
      JSONChange(path: "sessions.id=1", kind: .removed, before: ["id": "1", "query": ""]),
      JSONChange(path: "sessions.id=3", kind: .added, after: ["id": "3", "query": ""]),
    ])
    #expect(!diff.truncated)
  }

  @Test func leavesChangeByPathAndTheListIsBounded() throws {
    let diff = JSONDiff(from: try json(#"{"a":1,"b":[1,2],"c":true}"#), to: try json(#"{"a":2,"b":[1],"c":false}"#), limit: 2)
    #expect(diff.changes == [
      JSONChange(path: "a", kind: .changed, before: 1, after: 2),
      JSONChange(path: "b.1", kind: .removed, before: 2),
    ])
    #expect(diff.truncated)
  }
}
