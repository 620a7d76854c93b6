// Ported from TCA's Examples/CaseStudies/SwiftUICaseStudies/03-Effects-Refreshable.swift
// (see Todos.swift for the commit and the edits).
import ComposableArchitecture
import Foundation

struct Refreshable: Reducer {
  struct State: Equatable {
    var count = 0
    var fact: String?
  }

  enum Action {
    case cancelButtonTapped
    case decrementButtonTapped
    case factResponse(Result<String, any Error>)
    case incrementButtonTapped
    case refresh
  }

  @Dependency(\.factClient) var factClient
  private enum CancelID { case factRequest }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .cancelButtonTapped:
        return .cancel(id: CancelID.factRequest)

      case .decrementButtonTapped:
        state.count -= 1
        return .none

      case .factResponse(.success(let fact)):
        state.fact = fact
        return .none

      case .factResponse(.failure):
        // NB: This is where you could do some error handling.
        return .none

      case .incrementButtonTapped:
        state.count += 1
        return .none

      case .refresh:
        state.fact = nil
        return .run { [count = state.count] send in
          await send(.factResponse(Result { try await self.factClient.fetch(count) }))
        }
        .cancellable(id: CancelID.factRequest)
      }
    }
  }
}

extension Refreshable.Action: CasePathable {
  struct AllCasePaths {
    typealias Root = Refreshable.Action
    var cancelButtonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .cancelButtonTapped }) {
        guard case .cancelButtonTapped = $0 else { return nil }
        return ()
      }
    }
    var decrementButtonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .decrementButtonTapped }) {
        guard case .decrementButtonTapped = $0 else { return nil }
        return ()
      }
    }
    var factResponse: AnyCasePath<Root, Result<String, any Error>> { /Root.factResponse }
    var incrementButtonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .incrementButtonTapped }) {
        guard case .incrementButtonTapped = $0 else { return nil }
        return ()
      }
    }
    var refresh: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .refresh }) {
        guard case .refresh = $0 else { return nil }
        return ()
      }
    }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}
