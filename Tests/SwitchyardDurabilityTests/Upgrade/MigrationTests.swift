import ComposableArchitecture
import Foundation
import SwitchyardJournal
import SwitchyardTestSupport
import SwitchyardWire
import Testing

@testable import SwitchyardDurability
@testable import SwitchyardRuntime

/// What an older version journaled reaches a newer build through its migrations: every kind of
/// change, and a typed error naming what is missing when none fits.
@MainActor
@Suite struct MigrationTests {
  @Test func eachEditChangesOnlyWhatItNames() {
    let action: JSONValue = .object(["added": .object(["id": .string("a"), "name": .string("A")])])
    #expect(action.caseName == "added")
    #expect(action.renamingCase("added", to: "inserted") == .object(["inserted": .object(["id": .string("a"), "name": .string("A")])]))
    #expect(action.renamingCase("removed", to: "gone") == action)
    let item: JSONValue = .object(["name": .string("A")])
    #expect(item.addingField("tags", .array([])) == .object(["name": .string("A"), "tags": .array([])]))
    #expect(item.addingField("name", .string("B")) == item, "an existing field is kept")
    #expect(item.removingField("name") == .object([:]))
    #expect(item.renamingField("name", to: "title") == .object(["title": .string("A")]))
    let state: JSONValue = .object(["items": .object(["a": item, "b": item])])
    let tagged = state.updating(["items"]) { $0.updatingEach { $0.addingField("tags", .array([])) } }
    #expect(tagged["items", "b", "tags"] == .array([]))
    #expect(state.updating(["nowhere"]) { _ in .null } == state)
  }

  @Test func aVersionOneJournalIsReadByVersionTwoThroughItsMigrations() async throws {
    let directory = uniqueTemporaryPath("migration")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (journal, initial) = try open(directory, CatalogueV1(), CatalogueV1.State())
    let store = Store(initialState: initial) { JournaledReducer(CatalogueV1(), journal: journal) }
    for action: CatalogueV1.Action in [
      .added(id: "a", name: "A"), .added(id: "b", name: "B"), .legacyPing, .changed(id: "a", kind: "rename"),
      .changed(id: "b", kind: "colour"), .removed(id: "b"), .added(id: "c", name: "C"),
    ] {
      await store.send(action).finish()
    }
    // Orderly: the state is snapshotted, so version 2 replays nothing.
    journal.close(finalState: store.state)

    let (upgraded, state) = try open(directory, CatalogueV2(), CatalogueV2.State(), version: 2, migrations: CatalogueV2.migrations)
    #expect(state == CatalogueV2.State(items: ["a": .init(name: "A", tags: []), "c": .init(name: "C", tags: [])], changes: 2))
    upgraded.close()
    #expect(try ApplicationVersions.read(directory: directory).starts.map(\.version) == [2])
    #expect(try ApplicationVersions.read(directory: directory).version(of: 1) == 1)

    // History and verify replay version 1's records through version 2's reducer, from the
    // initial snapshot on.
    var replayed = CatalogueV2.State()
    var actions: [CatalogueV2.Action] = []
    let replay = ActionReplay(CatalogueV2(), skippingRecordsIn: directory, version: 2, migrations: CatalogueV2.migrations)
    let effects = ReplayedEffects()
    _ = try JournalHistory(directory: directory).walk(
      restore: { replayed = try replay.state($0) },
      apply: { record in
        if case let .action(action, _) = try replay.apply(record, to: &replayed, effects: effects) { actions.append(action) }
      },
      check: { _ in }
    )
    #expect(actions == [.inserted(id: "a", name: "A"), .inserted(id: "b", name: "B"), .renamed(id: "a"), .retagged(id: "b"), .removed(id: "b"), .inserted(id: "c", name: "C")])
    #expect(replayed.items["a"]?.tags == ["renamed"])
  }

  @Test func aDecodeFailureNamesThePathTheVersionsAndTheGuide() async throws {
    let directory = uniqueTemporaryPath("migration")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (journal, initial) = try open(directory, CatalogueV1(), CatalogueV1.State())
    let store = Store(initialState: initial) { JournaledReducer(CatalogueV1(), journal: journal) }
    await store.send(.added(id: "b", name: "B")).finish()
    journal.close(finalState: store.state)

    // Version 2 without the migration: the snapshot lacks the tags.
    let error = #expect(throws: JournalReplayError.self) { try open(directory, CatalogueV2(), CatalogueV2.State(), version: 2) }
    guard case let .migration(.undecodable(what, path, writtenBy, build, _))? = error else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(what.contains("snapshot"))
    #expect(path == "items.b.tags")
    #expect((writtenBy, build) == (1, 2))
    let message = "\(error!)"
    #expect(message.contains("version 1") && message.contains("version 2") && message.contains("Migration from version 1"), "\(message)")
    #expect(message.contains("UpgradingYourApplication.md"), "\(message)")

    // Version 1 again, on a directory version 2 wrote into, is refused: it cannot read version 2.
    _ = try open(directory, CatalogueV2(), CatalogueV2.State(), version: 2, migrations: CatalogueV2.migrations).journal.close()
    #expect(throws: JournalError.newerApplicationVersion(directory: directory, found: 2, build: 1)) {
      try open(directory, CatalogueV1(), CatalogueV1.State())
    }
  }

}

/// Opens `directory` as version `version` of `reducer`'s application, as `start` does.
@MainActor
func open<Base: Reducer>(
  _ directory: String, _ reducer: Base, _ initialState: Base.State, version: Int = 1, migrations: [Migration] = [],
  accepting: Bool = false, log: @escaping @Sendable (LogEvent) -> Void = { _ in }
) throws -> (journal: ActionJournal, state: Base.State) where Base.State: Codable & Sendable, Base.Action: Codable {
  try ActionJournal.open(
    directory: directory, options: JournalOptions(durability: .always), policy: SnapshotPolicy(everyActions: nil, every: nil),
    replay: ActionReplay(reducer, version: version, migrations: migrations), initialState: initialState,
    acceptingDivergence: accepting, log: log
  )
}
