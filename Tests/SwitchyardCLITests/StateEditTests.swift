import SwitchyardWire
import Testing
@testable import SwitchyardCLI

/// What `status --follow` prints for a change: the edits, not the state again.
@Suite struct StateEditTests {
  @Test func aFeedWindowThatMovesOnIsOneAppendOfTheNewMessages() {
    let before: JSONValue = ["feed": ["isConnected": true, "messages": ["m1", "m2", "m3"]]]
    let after: JSONValue = ["feed": ["isConnected": true, "messages": ["m2", "m3", "m4", "m5"]]]
    #expect(StateEdit.edits(from: before, to: after) == [StateEdit(op: .append, path: "feed.messages", values: ["m4", "m5"])])
  }

  @Test func anArrayFilledFromEmptyIsAnAppendAndOneRewrittenIsReplacedByIndex() {
    #expect(StateEdit.edits(from: ["a": []], to: ["a": [1, 2]]) == [StateEdit(op: .append, path: "a", values: [1, 2])])
    #expect(
      StateEdit.edits(from: ["a": [1, 2]], to: ["a": [3]])
        == [StateEdit(op: .replace, path: "a.0", value: 3), StateEdit(op: .remove, path: "a.1")]
    )
  }

  @Test func elementsWithAnIDAreAddressedByIt() {
    let one: JSONValue = ["id": "1", "query": "co"]
    let before: JSONValue = ["sessions": [one]]
    let after: JSONValue = ["sessions": [["id": "1", "query": "copper"], ["id": "2", "query": ""]]]
    #expect(
      StateEdit.edits(from: before, to: after) == [
        StateEdit(op: .replace, path: "sessions.id=1.query", value: "copper"),
        StateEdit(op: .add, path: "sessions.id=2", value: ["id": "2", "query": ""]),
      ]
    )
    #expect(StateEdit.edits(from: after, to: ["sessions": []]).map(\.op) == [.remove, .remove])
  }

  @Test func keysThatComeAndGoAreAddsAndRemovesAndTheSliceItselfHasTheEmptyPath() {
    #expect(
      StateEdit.edits(from: ["a": 1, "b": 2], to: ["b": 3, "c": .null])
        == [StateEdit(op: .remove, path: "a"), StateEdit(op: .replace, path: "b", value: 3), StateEdit(op: .add, path: "c", value: .null)]
    )
    #expect(StateEdit.edits(from: "running", to: "finished") == [StateEdit(op: .replace, path: "", value: "finished")])
    #expect(StateEdit.edits(from: ["a": 1], to: ["a": 1]).isEmpty)
  }
}
