// Ported from TCA's Examples/CaseStudies/SwiftUICaseStudies/02-SharedState-FileStorage.swift
// (see Todos.swift for the commit and the edits).
import ComposableArchitecture
import Foundation

struct SharedStateFileStorage: Reducer {
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

extension SharedStateFileStorage {
  struct CounterTab: Reducer {
    struct State: Equatable {
      @PresentationState var alert: AlertState<Action.Alert>?
      @Shared(.stats) var stats = Stats()
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
          state.$stats.withLock { $0.decrement() }
          return .none

        case .incrementButtonTapped:
          state.$stats.withLock { $0.increment() }
          return .none

        case .isPrimeButtonTapped:
          state.alert = AlertState {
            TextState(
              isPrime(state.stats.count)
                ? "👍 The number \(state.stats.count) is prime!"
                : "👎 The number \(state.stats.count) is not prime :("
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
      @Shared(.stats) var stats = Stats()
    }

    enum Action {
      case resetStatsButtonTapped
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .resetStatsButtonTapped:
          state.$stats.withLock { $0 = Stats() }
          return .none
        }
      }
    }
  }
}

struct Stats: Codable, Equatable {
  private(set) var count = 0
  private(set) var maxCount = 0
  private(set) var minCount = 0
  private(set) var numberOfCounts = 0
  mutating func increment() {
    count += 1
    numberOfCounts += 1
    maxCount = max(maxCount, count)
  }
  mutating func decrement() {
    count -= 1
    numberOfCounts += 1
    minCount = min(minCount, count)
  }
}

extension SharedKey where Self == FileStorageKey<Stats> {
  fileprivate static var stats: Self {
    // Linux Foundation has no `URL.documentsDirectory`; this is the same directory.
    fileStorage(
      FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        .appending(component: "stats.json")
    )
  }
}

/// Checks if a number is prime or not.
/// Shared by the three shared-state case studies, each of which has its own private copy in TCA.
func isPrime(_ p: Int) -> Bool {
  if p <= 1 { return false }
  if p <= 3 { return true }
  for i in 2...Int(sqrtf(Float(p))) {
    if p % i == 0 { return false }
  }
  return true
}

extension SharedStateFileStorage.Action: CasePathable {
  struct AllCasePaths {
    typealias Root = SharedStateFileStorage.Action
    var counter: AnyCasePath<Root, SharedStateFileStorage.CounterTab.Action> { /Root.counter }
    var profile: AnyCasePath<Root, SharedStateFileStorage.ProfileTab.Action> { /Root.profile }
    var selectTab: AnyCasePath<Root, SharedStateFileStorage.Tab> { /Root.selectTab }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension SharedStateFileStorage.CounterTab.Action: CasePathable {
  struct AllCasePaths {
    typealias Root = SharedStateFileStorage.CounterTab.Action
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

extension SharedStateFileStorage.ProfileTab.Action: CasePathable {
  struct AllCasePaths {
    typealias Root = SharedStateFileStorage.ProfileTab.Action
    var resetStatsButtonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .resetStatsButtonTapped }) {
        guard case .resetStatsButtonTapped = $0 else { return nil }
        return ()
      }
    }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}
