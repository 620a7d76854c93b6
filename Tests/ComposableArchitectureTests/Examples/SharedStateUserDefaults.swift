// Ported from TCA's Examples/CaseStudies/SwiftUICaseStudies/02-SharedState-UserDefaults.swift
// (see Todos.swift for the commit and the edits).
import ComposableArchitecture
import Foundation

struct SharedStateUserDefaults: Reducer {
  enum Tab { case counter, profile }
  struct State: Equatable {
    var currentTab = Tab.counter
    var counter = CounterTab.State()
    var profile = ProfileTab.State()
  }

  enum Action {
    case counter(CounterTab.Action)
    case profile(ProfileTab.Action)
    case selectTab(Tab)
  }

  var body: some Reducer<State, Action> {
    Scope(\.counter, action: \.counter) {
      CounterTab()
    }

    Scope(\.profile, action: \.profile) {
      ProfileTab()
    }

    Reduce { state, action in
      switch action {
      case .counter, .profile:
        return .none
      case .selectTab(let tab):
        state.currentTab = tab
        return .none
      }
    }
  }
}

extension SharedStateUserDefaults {
  struct CounterTab: Reducer {
    struct State: Equatable {
      @PresentationState var alert: AlertState<Action.Alert>?
      @Shared(.count) var count = 0
    }

    enum Action {
      case alert(PresentationAction<Alert>)
      case decrementButtonTapped
      case incrementButtonTapped
      case isPrimeButtonTapped

      enum Alert: Equatable {}
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .alert:
          return .none

        case .decrementButtonTapped:
          state.$count.withLock { $0 -= 1 }
          return .none

        case .incrementButtonTapped:
          state.$count.withLock { $0 += 1 }
          return .none

        case .isPrimeButtonTapped:
          state.alert = AlertState {
            TextState(
              isPrime(state.count)
                ? "👍 The number \(state.count) is prime!"
                : "👎 The number \(state.count) is not prime :("
            )
          }
          return .none
        }
      }
      .ifLet(\.$alert, action: \.alert)
    }
  }

  struct ProfileTab: Reducer {
    struct State: Equatable {
      @Shared(.count) var count = 0
    }

    enum Action {
      case resetStatsButtonTapped
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .resetStatsButtonTapped:
          state.$count.withLock { $0 = 0 }
          return .none
        }
      }
    }
  }
}

extension SharedKey where Self == AppStorageKey<Int> {
  fileprivate static var count: Self {
    appStorage("sharedStateDemoCount")
  }
}

/// Checks if a number is prime or not.

extension SharedStateUserDefaults.Action: CasePathable {
  struct AllCasePaths {
    typealias Root = SharedStateUserDefaults.Action
    var counter: AnyCasePath<Root, SharedStateUserDefaults.CounterTab.Action> { /Root.counter }
    var profile: AnyCasePath<Root, SharedStateUserDefaults.ProfileTab.Action> { /Root.profile }
    var selectTab: AnyCasePath<Root, SharedStateUserDefaults.Tab> { /Root.selectTab }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension SharedStateUserDefaults.CounterTab.Action: CasePathable {
  struct AllCasePaths {
    typealias Root = SharedStateUserDefaults.CounterTab.Action
    var alert: AnyCasePath<Root, PresentationAction<Root.Alert>> { /Root.alert }
    var decrementButtonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .decrementButtonTapped }) {
        guard case .decrementButtonTapped = $0 else { return nil }
        return ()
      }
    }
    var incrementButtonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .incrementButtonTapped }) {
        guard case .incrementButtonTapped = $0 else { return nil }
        return ()
      }
    }
    var isPrimeButtonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .isPrimeButtonTapped }) {
        guard case .isPrimeButtonTapped = $0 else { return nil }
        return ()
      }
    }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension SharedStateUserDefaults.ProfileTab.Action: CasePathable {
  struct AllCasePaths {
    typealias Root = SharedStateUserDefaults.ProfileTab.Action
    var resetStatsButtonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .resetStatsButtonTapped }) {
        guard case .resetStatsButtonTapped = $0 else { return nil }
        return ()
      }
    }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}
