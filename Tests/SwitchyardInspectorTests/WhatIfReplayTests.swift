import ComposableArchitecture
import Foundation
import SwitchyardDurability
import SwitchyardRuntime
import SwitchyardTestSupport
import SwitchyardWire
import Testing

@testable import SwitchyardInspector

/// A counter whose actions say what they add, and which stamps each change with the date and a
/// UUID from its dependencies: enough to see a replay's result and that it is deterministic.
private struct Tally: Reducer {
  struct State: Codable, Equatable {
    var total = 0
    var stamp = ""
  }

  enum Action: Codable, Equatable {
    case add(Int)
  }

  @Dependency(\.date) var date
  @Dependency(\.uuid) var uuid

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .add(amount):
      state.total += amount
      state.stamp = "\(date.now.timeIntervalSince1970) \(uuid())"
      return .none
    }
  }
}

/// Version 2 of ``Tally``: `add` is `plus`, and `subtract`, never sent since, was dropped.
private struct TallyV2: Reducer {
  typealias State = Tally.State

  enum Action: Codable, Equatable {
    case plus(Int)
  }

  static let migrations = [
    Migration(from: 1, action: { (action: JSONValue) -> JSONValue? in
      // `nil`, not a `?:` whose `nil` would be the JSON literal `null`.
      if action.caseName == "subtract" { return nil }
      return action.renamingCase("add", to: "plus")
    })
  ]

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .plus(amount):
      state.total += amount
      return .none
    }
  }
}

struct WhatIfReplayTests {
  private func add(_ amount: Int) -> JSONValue {
    ["add": ["_0": .int(Int64(amount))]]
  }

  /// `actions` as a page saw them, numbered from 1.
  private func seen(_ actions: JSONValue...) -> [ActionEntry] {
    actions.enumerated().map { ActionEntry(sequence: UInt64($0.offset + 1), action: $0.element) }
  }

  @Test func replaysActionsOnACopyOfAStateWithFixedDependencies() async throws {
    let replay = WhatIfReplay(Tally())
    let start: JSONValue = ["total": 1, "stamp": ""]
    let asItWas = try await replay.run(from: start, actions: seen(add(2), add(3)))
    let again = try await replay.run(from: start, actions: seen(add(2), add(3)))
    let edited = try await replay.run(from: start, actions: seen(add(20), add(3)))
    #expect(asItWas[dottedPath: "total"] == .int(6) && edited[dottedPath: "total"] == .int(24))
    #expect(asItWas == again, "the same actions replayed twice leave the same state, stamps included")
    #expect(JSONDiff(from: asItWas, to: edited, limit: 10).changes.map(\.path) == ["total"])
  }

  @Test func anActionThatDoesNotFitSaysWhere() async throws {
    let replay = WhatIfReplay(Tally())
    await #expect(throws: WhatIfError.self) {
      try await replay.run(from: ["total": 1, "stamp": ""], actions: seen(["subtract": ["_0": 1]]))
    }
  }

  @Test func anActionAnOlderVersionJournaledIsMigratedAsReplayReadsIt() async throws {
    let directory = uniqueTemporaryPath("what-if-versions")
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // Version 1 wrote records 1 to 3; version 2 writes from record 4 on (proto/JOURNAL.md, "VERSIONS").
    try "version 2 from 4\n".write(toFile: directory + "/VERSIONS", atomically: true, encoding: .utf8)
    let replay = WhatIfReplay(TallyV2(), version: 2, migrations: TallyV2.migrations, dataDirectory: directory)
    let start: JSONValue = ["total": 1, "stamp": ""]
    let page = [
      ActionEntry(sequence: 2, action: add(2)), ActionEntry(sequence: 3, action: ["subtract": ["_0": 5]]),
      ActionEntry(sequence: 4, action: ["plus": ["_0": 10]]),
    ]
    let state = try await replay.run(from: start, actions: page)
    #expect(state[dottedPath: "total"] == .int(13), "version 1's add became plus, its subtract was dropped")

    // Without the data directory's versions they read as this version's, and version 1's do not decode.
    let unmigrated = WhatIfReplay(TallyV2(), version: 2, migrations: TallyV2.migrations)
    await #expect(throws: WhatIfError.self) { try await unmigrated.run(from: start, actions: page) }
  }
}

/// A counter that adds what each action says: the states of ``RangeHistory`` (`{"count": n}`).
private struct Counter: Reducer {
  struct State: Codable, Equatable {
    var count = 0
  }

  enum Action: Codable, Equatable {
    case add(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .add(amount):
      state.count += amount
      return .none
    }
  }
}

/// The `whatIf` request over a session, from a history that holds the state before every action.
@MainActor
struct WhatIfRequestTests {
  private func session(whatIf: WhatIfReplay?) throws -> (InspectorSession, StubInspector) {
    let inspector = try StubInspector()
    var endpoints = try #require(inspector.endpoints)
    endpoints.history = RangeHistory(range: 5...9)
    endpoints.whatIf = whatIf
    return (InspectorSession(hub: inspector.hub, endpoints: endpoints), inspector)
  }

  private let seen = #""seen":[{"sequence":7,"action":{"add":{"_0":1}}},{"sequence":8,"action":{"add":{"_0":1}}}]"#

  @Test func anEditedActionIsReplayedWithTheOnesAfterItAndTheDifferenceAnswered() async throws {
    let (session, inspector) = try session(whatIf: WhatIfReplay(Counter()))
    defer { Task { await inspector.server.stop() } }
    let edited = await session.respond(to: #"{"id":1,"type":"whatIf","sequence":7,"through":8,"text":"{\"add\":{\"_0\":10}}",\#(seen)}"#)
    guard case let .whatIf(_, from, sequence, through, replayed, diff) = try #require(edited.first) else {
      Issue.record("not a what-if: \(edited)")
      return
    }
    #expect(from == 6 && sequence == 7 && through == 8 && replayed == 2)
    #expect(diff.changes == [JSONChange(path: "count", kind: .changed, before: 8, after: 17)])
    let skipped = await session.respond(to: #"{"id":2,"type":"whatIf","sequence":7,"through":8,\#(seen)}"#)
    guard case let .whatIf(_, _, _, _, _, without) = try #require(skipped.first) else { Issue.record("not a what-if: \(skipped)"); return }
    #expect(without.changes == [JSONChange(path: "count", kind: .changed, before: 8, after: 7)])
  }

  @Test func withoutTheReducerOrTheActionTheAnswerSaysWhy() async throws {
    let (unable, first) = try session(whatIf: nil)
    defer { Task { await first.server.stop() } }
    let refused = await unable.respond(to: #"{"id":1,"type":"whatIf","sequence":7,\#(seen)}"#)
    guard case let .error(_, message) = try #require(refused.first) else { Issue.record("not an error: \(refused)"); return }
    #expect(message == WhatIfError.unavailable.description)
    let (able, second) = try session(whatIf: WhatIfReplay(Counter()))
    defer { Task { await second.server.stop() } }
    let unseen = await able.respond(to: #"{"id":2,"type":"whatIf","sequence":9,\#(seen)}"#)
    guard case let .error(_, why) = try #require(unseen.first) else { Issue.record("not an error: \(unseen)"); return }
    #expect(why == WhatIfError.unseen(sequence: 9).description)
  }
}
