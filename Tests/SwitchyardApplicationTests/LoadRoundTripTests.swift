import Foundation
import SwitchyardApplication
import Testing

/// `load`'s simulated users against a coordinator in this process, whose feature fails at once the
/// same way every time: the state after each round trip equals the state before it.
@MainActor
struct LoadRoundTripTests {
  /// Each user's attempts: loading, then failed with the same code every time.
  struct AlwaysUnavailable: Reducer {
    struct State: Codable, Equatable {
      var users: [String: Attempt] = [:]
    }

    struct Attempt: Codable, Equatable {
      var isLoading = false
      var failure: String?
    }

    enum Action: Codable, Equatable {
      case joined(user: String)
      case load(user: String)
      case failed(user: String, code: String)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .joined(user):
        state.users[user] = Attempt()
        return .none
      case let .load(user):
        state.users[user]?.isLoading = true
        // Fails before the store is done with the action, as an effect on a failed pool does.
        return .send(.failed(user: user, code: "unavailable"))
      case let .failed(user, code):
        state.users[user]?.isLoading = false
        state.users[user]?.failure = code
        return .none
      }
    }
  }

  struct Scenario: LoadScenario {
    var name: String { "unavailable" }
    var defaultPools: String { "" }
    var startArguments: [String] { [] }

    func setUpActions(user: String) -> [JSONValue] { [["joined": ["user": .string(user)]]] }
    func watchedPath(user: String, lookUp: (String) throws -> JSONValue) -> String { "users.\(user)" }
    func tearDownActions(user: String) -> [JSONValue] { [] }

    func step(user: String, index: Int, slice: JSONValue) -> LoadStep {
      LoadStep(action: ["load": ["user": .string(user)]], kind: "loader") { attempt in
        guard attempt[dottedPath: "isLoading"] == false, let code = attempt[dottedPath: "failure"]?.stringValue else { return nil }
        return .failed(code)
      }
    }
  }

  @Test(.timeLimit(.minutes(3)))
  func aFailureLikeTheLastOneEndsTheRoundTripAsThatFailureNotAsNoAnswer() async throws {
    let runDirectory = "/tmp/sy-app-\(getpid())-\(UUID().uuidString.prefix(8))"
    let coordinator = Coordinator(
      configuration: CoordinatorConfiguration(runDirectory: runDirectory, pools: [], log: { _ in }),
      initialState: AlwaysUnavailable.State(),
      reducer: AlwaysUnavailable()
    )
    try coordinator.start()
    defer { try? FileManager.default.removeItem(atPath: runDirectory) }

    var driver = LoadDriver(runDirectory: runDirectory, scenario: Scenario(), users: 1, limit: .actions(4))
    // Long enough that four round trips fit well inside it on a busy machine, whose main actor this
    // test shares with every other suite of a full run, so only a wait for it fails.
    driver.answerTimeout = .seconds(20)
    let result = try await driver.run(progress: LoadProgress(label: "unavailable", isTerminal: false))
    await coordinator.shutdown()

    // Before: the first failure changed the state and was seen; the three after it changed
    // nothing, published nothing, and each waited out the timeout as "noAnswer".
    #expect(result.errors == ["loader: unavailable": 4])
    #expect(result.seconds < 20, "a round trip waited for the answer timeout")
  }
}
