// Ported from TCA's Examples/CaseStudies/SwiftUICaseStudies/05-HigherOrderReducers-ReusableFavoriting.swift
// (see Todos.swift for the commit and the edits).
import ComposableArchitecture
import Foundation
struct FavoritingState<ID: Hashable & Sendable>: Equatable {
  @PresentationState var alert: AlertState<FavoritingAction.Alert>?
  let id: ID
  var isFavorite: Bool
}
enum FavoritingAction {
  case alert(PresentationAction<Alert>)
  case buttonTapped
  case response(Result<Bool, any Error>)

  enum Alert: Equatable {}
}

struct Favoriting<ID: Hashable & Sendable>: Reducer {
  let favorite: @Sendable (ID, Bool) async throws -> Bool

  private struct CancelID: Hashable, Sendable {
    let id: AnyHashableSendable
  }

  var body: some Reducer<FavoritingState<ID>, FavoritingAction> {
    Reduce { state, action in
      switch action {
      case .alert(.dismiss):
        state.alert = nil
        state.isFavorite.toggle()
        return .none

      case .buttonTapped:
        state.isFavorite.toggle()

        return .run { [id = state.id, isFavorite = state.isFavorite, favorite] send in
          await send(.response(Result { try await favorite(id, isFavorite) }))
        }
        .cancellable(id: CancelID(id: AnyHashableSendable(state.id)), cancelInFlight: true)

      case .response(.failure(let error)):
        state.alert = AlertState { TextState(error.localizedDescription) }
        return .none

      case .response(.success(let isFavorite)):
        state.isFavorite = isFavorite
        return .none
      }
    }
  }
}

struct Episode: Reducer {
  struct State: Equatable, Identifiable {
    var alert: AlertState<FavoritingAction.Alert>?
    let id: UUID
    var isFavorite: Bool
    let title: String

    var favorite: FavoritingState<ID> {
      get { .init(alert: self.alert, id: self.id, isFavorite: self.isFavorite) }
      set { (self.alert, self.isFavorite) = (newValue.alert, newValue.isFavorite) }
    }
  }

  enum Action {
    case favorite(FavoritingAction)
  }

  let favorite: @Sendable (UUID, Bool) async throws -> Bool

  var body: some Reducer<State, Action> {
    Scope(\.favorite, action: \.favorite) {
      Favoriting(favorite: self.favorite)
    }
  }
}

struct Episodes: Reducer {
  struct State: Equatable {
    var episodes: IdentifiedArrayOf<Episode.State> = []
  }

  enum Action {
    case episodes(IdentifiedActionOf<Episode>)
  }

  var favorite: @Sendable (UUID, Bool) async throws -> Bool = favoriteRequest

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      .none
    }
    .forEach(\.episodes, action: \.episodes) {
      Episode(favorite: self.favorite)
    }
  }
}

struct FavoriteError: LocalizedError, Equatable {
  var errorDescription: String? {
    "Favoriting failed."
  }
}

@Sendable private func favoriteRequest<ID>(id: ID, isFavorite: Bool) async throws -> Bool {
  try await Task.sleep(for: .seconds(1))
  if .random(in: 0...1) > 0.25 {
    return isFavorite
  } else {
    throw FavoriteError()
  }
}

extension IdentifiedArray where ID == Episode.State.ID, Element == Episode.State {
  static let mocks: Self = [
    Episode.State(id: UUID(), isFavorite: false, title: "Functions"),
    Episode.State(id: UUID(), isFavorite: false, title: "Side Effects"),
    Episode.State(id: UUID(), isFavorite: false, title: "Algebraic Data Types"),
    Episode.State(id: UUID(), isFavorite: false, title: "DSLs"),
    Episode.State(id: UUID(), isFavorite: false, title: "Parsers"),
    Episode.State(id: UUID(), isFavorite: false, title: "Composable Architecture"),
  ]
}

extension Episode.Action: CasePathable {
  struct AllCasePaths {
    typealias Root = Episode.Action
    var favorite: AnyCasePath<Root, FavoritingAction> { /Root.favorite }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension Episodes.Action: CasePathable {
  struct AllCasePaths {
    typealias Root = Episodes.Action
    var episodes: AnyCasePath<Root, IdentifiedActionOf<Episode>> { /Root.episodes }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension FavoritingAction: CasePathable {
  struct AllCasePaths {
    typealias Root = FavoritingAction
    var alert: AnyCasePath<Root, PresentationAction<Root.Alert>> { /Root.alert }
    var buttonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .buttonTapped }) {
        guard case .buttonTapped = $0 else { return nil }
        return ()
      }
    }
    var response: AnyCasePath<Root, Result<Bool, any Error>> { /Root.response }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}
