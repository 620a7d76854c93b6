import ComposableArchitecture
import Foundation
import Testing

struct Greeter: Sendable {
  var greet: @Sendable (String) -> String
}

extension Greeter: DependencyKey {
  static let liveValue = Greeter { "Hello, \($0)!" }
}

extension DependencyValues {
  var greeter: Greeter {
    get { self[Greeter.self] }
    set { self[Greeter.self] = newValue }
  }
}

struct Greeting: Reducer {
  struct State: Equatable {
    var greetings: [String] = []
    var ids: [UUID] = []
  }

  enum Action: Equatable {
    case greet(String)
    case greetLater(String)
    case greeted(String)
    case makeID
  }

  @Dependency(\.greeter) var greeter
  @Dependency(\.uuid) var uuid

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .greet(name):
      state.greetings.append(greeter.greet(name))
      return .none
    case let .greetLater(name):
      return .run { send in
        await Task.yield()
        await send(.greeted(greeter.greet(name)))
      }
    case let .greeted(greeting):
      state.greetings.append(greeting)
      return .none
    case .makeID:
      state.ids.append(uuid())
      return .none
    }
  }
}

extension Greeting.Action: CasePathable {
  struct AllCasePaths {
    var greeted: AnyCasePath<Greeting.Action, String> { /Greeting.Action.greeted }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

@MainActor
@Suite struct DependencyTests {
  @Test func withDependenciesOverridesForTheOperationOnly() {
    @Dependency(\.greeter) var greeter
    let overridden = withDependencies {
      $0.greeter.greet = { "Hi \($0)" }
    } operation: {
      greeter.greet("Blob")
    }
    #expect(overridden == "Hi Blob")
    withDependencies { $0.context = .live } operation: {
      #expect(greeter.greet("Blob") == "Hello, Blob!")
    }
  }

  @Test func effectsKeepTheDependenciesInForceWhenReturned() async {
    let store = TestStore(initialState: Greeting.State()) {
      Greeting()
    } withDependencies: {
      $0.greeter.greet = { "Yo \($0)" }
    }
    await store.send(.greetLater("Blob"))
    await store.receive(\.greeted, "Yo Blob") { $0.greetings = ["Yo Blob"] }
  }

  @Test func reducerDependencyModifierOverridesForThatReducer() async {
    let store = TestStore(initialState: Greeting.State()) {
      Greeting().dependency(\.greeter, Greeter { "Hey \($0)" })
    }
    await store.send(.greet("Blob")) { $0.greetings = ["Hey Blob"] }
    await store.send(.greetLater("Blob"))
    await store.receive(\.greeted) { $0.greetings.append("Hey Blob") }
  }

  @Test func incrementingUUIDsAreReadableAndFresh() async {
    let store = TestStore(initialState: Greeting.State()) {
      Greeting()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.makeID) { $0.ids = [UUID(0)] }
    await store.send(.makeID) { $0.ids.append(UUID(1)) }
    #expect(UUID(1).uuidString == "00000000-0000-0000-0000-000000000001")
  }

  @Test func aDependencyWithoutATestValueIsReportedWhenUsed() async {
    let store = TestStore(initialState: Greeting.State()) { Greeting() }
    await withKnownIssue {
      await store.send(.greet("Blob")) { $0.greetings = ["Hello, Blob!"] }
    } matching: { issue in
      issue.description.contains("has no test implementation")
        && issue.description.contains("Greeter")
    }
  }

  @Test func anUnimplementedUUIDIsReportedWhenUsed() async {
    let store = TestStore(initialState: Greeting.State()) { Greeting() }
    store.exhaustivity = .off
    await withKnownIssue {
      await store.send(.makeID)
    } matching: { issue in
      issue.description.contains(#"@Dependency(\.uuid)"#)
    }
  }

  @Test func dateAndRandomNumbersAreControllable() {
    withDependencies {
      $0.date = .constant(Date(timeIntervalSince1970: 0))
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 1))
    } operation: {
      @Dependency(\.date) var date
      @Dependency(\.withRandomNumberGenerator) var random
      #expect(date.now == Date(timeIntervalSince1970: 0))
      let first = random { Int.random(in: 0..<1_000_000, using: &$0) }
      let again = withDependencies {
        $0.withRandomNumberGenerator = WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 1))
      } operation: {
        random { Int.random(in: 0..<1_000_000, using: &$0) }
      }
      #expect(first == again)
    }
  }
}
