import ComposableArchitecture
import SwitchyardRuntime
import SwitchyardWire
@testable import SwitchyardDurability

/// Version 1 of a small catalogue: items added, removed, changed and pinged.
struct CatalogueV1: Reducer {
  struct State: Codable, Equatable, Sendable {
    var items: [String: Item] = [:]
    var changes = 0
  }

  struct Item: Codable, Equatable, Sendable {
    var name: String
  }

  enum Action: Codable, Equatable, Sendable {
    case added(id: String, name: String)
    case removed(id: String)
    case changed(id: String, kind: String)
    case legacyPing
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .added(id, name): state.items[id] = Item(name: name)
    case let .removed(id): state.items[id] = nil
    case .changed: state.changes += 1
    case .legacyPing: break
    }
    return .none
  }
}

/// Version 2: items gain tags (not optional), `added` is `inserted`, `changed` split into
/// `renamed` and `retagged`, and `legacyPing` is gone.
struct CatalogueV2: Reducer {
  struct State: Codable, Equatable, Sendable {
    var items: [String: Item] = [:]
    var changes = 0
  }

  struct Item: Codable, Equatable, Sendable {
    var name: String
    var tags: [String]
  }

  enum Action: Codable, Equatable, Sendable {
    case inserted(id: String, name: String)
    case removed(id: String)
    case renamed(id: String)
    case retagged(id: String)
  }

  static let migrations = [
    Migration(
      from: 1,
      state: { state in state.updating(["items"]) { $0.updatingEach { $0.addingField("tags", .array([])) } } },
      action: { action in
        switch action.caseName {
        case "legacyPing": return nil
        case "changed":
          let id = action["changed", "id"] ?? .null
          return action["changed", "kind"] == .string("rename") ? .object(["renamed": .object(["id": id])])
            : .object(["retagged": .object(["id": id])])
        default: return action.renamingCase("added", to: "inserted")
        }
      }
    )
  ]

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .inserted(id, name): state.items[id] = Item(name: name, tags: [])
    case let .removed(id): state.items[id] = nil
    case let .renamed(id): state.items[id]?.tags.append("renamed")
    case let .retagged(id): state.items[id]?.tags.append("retagged")
    }
    return .none
  }
}

extension JSONValue {
  /// The member at `path`, for tests' migrations.
  subscript(_ path: String...) -> JSONValue? {
    self[path]
  }
}

/// Adds up numbers; `bonus` is what a changed reducer adds to each.
struct Tally: Reducer {
  struct State: Codable, Equatable, Sendable {
    var total = 0
  }

  enum Action: Codable, Equatable, Sendable {
    case add(Int)
  }

  var bonus = 0

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .add(value): state.total += value + bonus
    }
    return .none
  }
}

/// ``Tally`` version 2: `add` is `plus`, the state unchanged.
struct TallyV2: Reducer {
  typealias State = Tally.State

  enum Action: Codable, Equatable, Sendable {
    case plus(Int)
  }

  static let migrations = [Migration(from: 1, action: { $0.renamingCase("add", to: "plus") })]

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .plus(value): state.total += value
    }
    return .none
  }
}
