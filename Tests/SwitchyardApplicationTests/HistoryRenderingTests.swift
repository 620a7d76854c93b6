@testable import SwitchyardApplication
import SwitchyardWire
import Testing

/// How `history` names an action and sums up what it changed.
struct HistoryRenderingTests {
  @Test func anActionsPathFollowsItsCasesAndIdentifiedElements() throws {
    let decoder = WireJSONDecoder()
    let search = try decoder.parse(Array(#"{"sessions":{"element":{"id":"1","action":{"search":{"searchQueryChanged":"copper"}}}}}"#.utf8))
    #expect(ActionPath.of(search) == "sessions.id=1.search.searchQueryChanged")
    let page = try decoder.parse(
      Array(#"{"sessions":{"element":{"id":"1","action":{"catalog":{"pageLoaded":{"_0":{"page":2,"items":[],"hasMore":true}}}}}}}"#.utf8)
    )
    #expect(ActionPath.of(page) == "sessions.id=1.catalog.pageLoaded")
    let start = try decoder.parse(Array(#"{"start":{"name":"a","job":{"tag":"t"},"cancelInFlight":false}}"#.utf8))
    #expect(ActionPath.of(start) == "start")
  }

  @Test func changesArePathsStatusStateTakesWithIdentifiedElementsByID() {
    let before: JSONValue = ["sessions": [["id": "1", "query": "", "results": [1]]], "count": 1]
    let after: JSONValue = ["sessions": [["id": "2", "query": "new"], ["id": "1", "query": "copper", "results": [1, 2]]], "count": 1]
    #expect(
      StateChanges.between(before, after) == [
        #"sessions.id=1.query: "" → "copper""#,
        "sessions.id=1.results.1: added 2",
        #"sessions.id=2: added {"id":"2","query":"new"}"#,
      ]
    )
    #expect(StateChanges.between(after, after).isEmpty)
    let entry = HistoryEntry(sequence: 1, time: .init(timeIntervalSince1970: 0), action: "a", changes: ["x: 1 → 2", "y: added 3"])
    #expect(entry.summary == "x: 1 → 2 (+1 more)")
  }

  @Test func aRecordThatEndsAnEffectSaysWhichEffect() throws {
    let record = { (payload: String) in JournalRecord(sequence: 9, timestampNanoseconds: 0, payload: Array(payload.utf8)) }
    let last = record(#"{"action":{"event":{"name":"a","tag":"t","_2":{"finished":{}}}},"ended":{"action":3,"index":1}}"#)
    #expect(try RecordEffects(last).ended == "3#1")
    #expect(try RecordEffects(record(#"{"effectEnded":{"action":4,"index":0}}"#)).ended == "4#0")
    #expect(try RecordEffects(record(#"{"action":{"cancel":{"name":"a"}}}"#)).ended == nil)

    var entry = HistoryEntry(sequence: 9, time: .init(timeIntervalSince1970: 0), action: "effectEnded", changes: [], endedEffect: "4#0")
    #expect(entry.summary == "effect 4#0 ended")
    entry.changes = ["runs.a.outcome: \"running\" → \"finished\""]
    #expect(entry.summary == #"runs.a.outcome: "running" → "finished"; effect 4#0 ended"#)
  }

  @Test func aRecordThatDeliversAnOutputSaysWhoseOutput() throws {
    let record = JournalRecord(
      sequence: 7, timestampNanoseconds: 0,
      payload: Array(#"{"action":{"event":{"name":"a","tag":"t","_2":{"output":{"index":0}}}},"outputOf":{"action":3,"index":0}}"#.utf8)
    )
    #expect(try RecordEffects(record).outputOf == "3#0")
    #expect(try RecordEffects(record).ended == nil)
    let entry = HistoryEntry(sequence: 7, time: .init(timeIntervalSince1970: 0), action: "a", changes: ["runs.a.outputs: added 0"], outputOf: "3#0")
    #expect(entry.summary == "runs.a.outputs: added 0; output of effect 3#0")
  }

  @Test func anEffectEventRecordNamesItsEffectAsAnOutputOrAnEnd() throws {
    let output = JournalRecord(
      sequence: 8, timestampNanoseconds: 0,
      payload: Array(#"{"effectEvent":{"action":3,"index":1},"event":{"output":{"_0":{"index":0}}}}"#.utf8)
    )
    #expect(try RecordEffects(output).outputOf == "3#1")
    #expect(try RecordEffects(output).ended == nil)
    let end = JournalRecord(
      sequence: 9, timestampNanoseconds: 0,
      payload: Array(#"{"effectEvent":{"action":3,"index":1},"event":{"finished":{}}}"#.utf8)
    )
    #expect(try RecordEffects(end).ended == "3#1")
    #expect(try RecordEffects(end).outputOf == nil)
  }

  @Test func aSnapshotsEffectsInFlightAreListed() throws {
    let record = JournalRecord(
      sequence: 3, timestampNanoseconds: 0,
      payload: Array(#"{"effectsInFlight":{"snapshot":2,"effects":[{"action":1,"index":0},{"action":2,"index":1}]}}"#.utf8)
    )
    #expect(try RecordEffects(record).inFlight == ["1#0", "2#1"])
    let entry = HistoryEntry(
      sequence: 3, time: .init(timeIntervalSince1970: 0), action: "effectsInFlight", changes: [], effectsInFlight: ["1#0", "2#1"]
    )
    #expect(entry.summary == "in flight at the snapshot: 1#0, 2#1")
  }

  @Test func aRecordAnOlderVersionWroteSaysWhich() throws {
    var entry = HistoryEntry(sequence: 4, time: .init(timeIntervalSince1970: 0), action: "added", changes: ["items.a: added 1"])
    entry.version = 1
    #expect(entry.summary == "items.a: added 1; written by data version 1")
    let json = { String(decoding: try WireJSONEncoder().encode(entry), as: UTF8.self) }
    #expect(try json().contains(#""version":1"#))
    entry.version = nil
    #expect(try !json().contains("version"))
  }
}
