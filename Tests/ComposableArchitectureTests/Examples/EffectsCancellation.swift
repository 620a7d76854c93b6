// Ported from TCA's Examples/CaseStudies/SwiftUICaseStudies/03-Effects-Cancellation.swift
// (see Todos.swift for the commit and the edits).
import ComposableArchitecture
import Foundation

struct EffectsCancellation: Reducer {
  struct State: Equatable {
    var count = 0
    var currentFact: String?
    var isFactRequestInFlight = false
  }

  enum Action {
    case cancelButtonTapped
    case stepperChanged(Int)
    case factButtonTapped
    case factResponse(Result<String, any Error>)
  }

  @Dependency(\.factClient) var factClient
  private enum CancelID { case factRequest }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .cancelButtonTapped:
        state.isFactRequestInFlight = false
        return .cancel(id: CancelID.factRequest)

      case .stepperChanged(let value):
        state.count = value
        state.currentFact = nil
        state.isFactRequestInFlight = false
        return .cancel(id: CancelID.factRequest)

      case .factButtonTapped:
        state.currentFact = nil
        state.isFactRequestInFlight = true

        return .run { [count = state.count] send in
          await send(.factResponse(Result { try await self.factClient.fetch(count) }))
        }
        .cancellable(id: CancelID.factRequest)

      case .factResponse(.success(let response)):
        state.isFactRequestInFlight = false
        state.currentFact = response
        return .none

      case .factResponse(.failure):
        state.isFactRequestInFlight = false
        return .none
      }
    }
  }
}

extension EffectsCancellation.Action: CasePathable {
  struct AllCasePaths {
    typealias Root = EffectsCancellation.Action
    var cancelButtonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .cancelButtonTapped }) {
        guard case .cancelButtonTapped = $0 else { return nil }
        return ()
      }
    }
    var stepperChanged: AnyCasePath<Root, Int> { /Root.stepperChanged }
    var factButtonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .factButtonTapped }) {
        guard case .factButtonTapped = $0 else { return nil }
        return ()
      }
    }
    var factResponse: AnyCasePath<Root, Result<String, any Error>> { /Root.factResponse }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}
