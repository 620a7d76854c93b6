// Ported from the seeds (003, "Core Concepts"): only the macros and the SwiftUI view are gone;
// `CasePathable` is written by hand where the macro would have generated it.
import ComposableArchitecture
import Foundation

struct FactClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

extension FactClient: DependencyKey {
  static let liveValue = FactClient { number in "\(number) is a good number." }
}

extension DependencyValues {
  var factClient: FactClient {
    get { self[FactClient.self] }
    set { self[FactClient.self] = newValue }
  }
}

struct CounterFeature: Reducer {
  struct State: Equatable {
    var count = 0
    var isTimerRunning = false
    var factAlert: String?
  }

  enum Action: Equatable {
    case incrementButtonTapped
    case decrementButtonTapped
    case toggleTimerButtonTapped
    case timerTick
    case factButtonTapped
    case factResponse(String)
    case dismissAlert
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.factClient) var factClient

  private enum CancelID { case timer }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementButtonTapped:
        state.count += 1
        return .none

      case .decrementButtonTapped:
        state.count -= 1
        return .none

      case .toggleTimerButtonTapped:
        state.isTimerRunning.toggle()
        if state.isTimerRunning {
          return .run { send in
            for await _ in clock.timer(interval: .seconds(1)) {
              await send(.timerTick)
            }
          }
          .cancellable(id: CancelID.timer)
        } else {
          return .cancel(id: CancelID.timer)
        }

      case .timerTick:
        state.count += 1
        return .none

      case .factButtonTapped:
        return .run { [count = state.count] send in
          let fact = try await factClient.fetch(count)
          await send(.factResponse(fact))
        } catch: { error, send in
          await send(.factResponse("Error: \(error.localizedDescription)"))
        }

      case let .factResponse(fact):
        state.factAlert = fact
        return .none

      case .dismissAlert:
        state.factAlert = nil
        return .none
      }
    }
  }
}

extension CounterFeature.Action: CasePathable {
  struct AllCasePaths {
    var timerTick: AnyCasePath<CounterFeature.Action, Void> { /CounterFeature.Action.timerTick }
    var factResponse: AnyCasePath<CounterFeature.Action, String> { /CounterFeature.Action.factResponse }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}
