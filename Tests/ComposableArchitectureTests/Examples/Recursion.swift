// Ported from TCA's Examples/CaseStudies/SwiftUICaseStudies/05-HigherOrderReducers-Recursion.swift
// (see Todos.swift for the commit and the edits).
import ComposableArchitecture
import Foundation

struct Nested: Reducer {
  struct State: Equatable, Identifiable {
    let id: UUID
    var name: String = ""
    var rows: IdentifiedArrayOf<State> = []

    init(id: UUID? = nil, name: String = "", rows: IdentifiedArrayOf<State> = []) {
      @Dependency(\.uuid) var uuid
      self.id = id ?? uuid()
      self.name = name
      self.rows = rows
    }
  }

  enum Action {
    case addRowButtonTapped
    case nameTextFieldChanged(String)
    case onDelete(IndexSet)
    indirect case rows(IdentifiedActionOf<Nested>)
  }

  @Dependency(\.uuid) var uuid

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .addRowButtonTapped:
        state.rows.append(State(id: self.uuid()))
        return .none

      case .nameTextFieldChanged(let name):
        state.name = name
        return .none

      case .onDelete(let indexSet):
        state.rows.remove(atOffsets: indexSet)
        return .none

      case .rows:
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) {
      Self()
    }
  }
}

extension Nested.Action: CasePathable {
  struct AllCasePaths {
    typealias Root = Nested.Action
    var addRowButtonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .addRowButtonTapped }) {
        guard case .addRowButtonTapped = $0 else { return nil }
        return ()
      }
    }
    var nameTextFieldChanged: AnyCasePath<Root, String> { /Root.nameTextFieldChanged }
    var onDelete: AnyCasePath<Root, IndexSet> { /Root.onDelete }
    var rows: AnyCasePath<Root, IdentifiedActionOf<Nested>> { /Root.rows }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}
