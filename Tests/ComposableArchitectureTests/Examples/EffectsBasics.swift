// Ported from TCA's Examples/CaseStudies/SwiftUICaseStudies/03-Effects-Basics.swift
// (see Todos.swift for the commit and the edits).
import ComposableArchitecture
import Foundation

struct EffectsBasics: Reducer {
  struct State: Equatable {
    var count = 0
    var isNumberFactRequestInFlight = false
    var numberFact: String?
  }

  enum Action {
    case decrementButtonTapped
    case decrementDelayResponse
    case incrementButtonTapped
    case numberFactButtonTapped
    case numberFactResponse(Result<String, any Error>)
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.factClient) var factClient
  private enum CancelID { case delay }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        state.numberFact = nil
        // Return an effect that re-increments the count after 1 second if the count is negative
        return state.count >= 0
          ? .none
          : .run { send in
            try await self.clock.sleep(for: .seconds(1))
            await send(.decrementDelayResponse)
          }
          .cancellable(id: CancelID.delay)

      case .decrementDelayResponse:
        if state.count < 0 {
          state.count += 1
        }
        return .none

      case .incrementButtonTapped:
        state.count += 1
        state.numberFact = nil
        return state.count >= 0
          ? .cancel(id: CancelID.delay)
          : .none

      case .numberFactButtonTapped:
        state.isNumberFactRequestInFlight = true
        state.numberFact = nil
        // Return an effect that fetches a number fact from the API and returns the
        // value back to the reducer's `numberFactResponse` action.
        return .run { [count = state.count] send in
          await send(.numberFactResponse(Result { try await self.factClient.fetch(count) }))
        }

      case .numberFactResponse(.success(let response)):
        state.isNumberFactRequestInFlight = false
        state.numberFact = response
        return .none

      case .numberFactResponse(.failure):
        // NB: This is where we could handle the error is some way, such as showing an alert.
        state.isNumberFactRequestInFlight = false
        return .none
      }
    }
  }
}

extension EffectsBasics.Action: CasePathable {
  struct AllCasePaths {
    typealias Root = EffectsBasics.Action
    var decrementButtonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .decrementButtonTapped }) {
        guard case .decrementButtonTapped = $0 else { return nil }
        return ()
      }
    }
    var decrementDelayResponse: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .decrementDelayResponse }) {
        guard case .decrementDelayResponse = $0 else { return nil }
        return ()
      }
    }
    var incrementButtonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .incrementButtonTapped }) {
        guard case .incrementButtonTapped = $0 else { return nil }
        return ()
      }
    }
    var numberFactButtonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .numberFactButtonTapped }) {
        guard case .numberFactButtonTapped = $0 else { return nil }
        return ()
      }
    }
    var numberFactResponse: AnyCasePath<Root, Result<String, any Error>> { /Root.numberFactResponse }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}
