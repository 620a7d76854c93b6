import ComposableArchitecture
import Synchronization
import SwitchyardRuntime
import Testing

@testable import SwitchyardWorkers

@Suite struct SearchHandlerTests {
  /// What a handler reported through its context.
  final class Recording: Sendable {
    private let state = Mutex<(responses: [SearchResponse], counters: [String: Int64])>(([], [:]))

    var responses: [SearchResponse] { state.withLock { $0.responses } }
    var counters: [String: Int64] { state.withLock { $0.counters } }

    var context: JobContext<SearchResponse> {
      JobContext(
        emit: { response in self.state.withLock { $0.responses.append(response) } },
        increment: { name, amount in self.state.withLock { $0.counters[name, default: 0] += amount } }
      )
    }
  }

  let index = SearchIndex(records: [
    SearchRecord(id: 1, title: "Copper Kettle"),
    SearchRecord(id: 2, title: "Steel Kettle"),
  ])

  @Test func aBurstInsideTheWindowSearchesOnceForTheLastQuery() async throws {
    let clock = TestClock()
    let handler = SearchHandler(index: index, clock: clock)
    let recording = Recording()
    var jobs: [Task<Void, any Error>] = []
    for query in ["k", "ke", "ket"] {
      await clock.advance(by: .milliseconds(100))
      jobs.append(Task { try await handler.run(SearchJob(sessionID: "1", query: query), context: recording.context) })
    }
    await clock.advance(by: .milliseconds(299))
    #expect(recording.responses.isEmpty)

    await clock.advance(by: .milliseconds(1))
    for job in jobs { try await job.value }
    #expect(recording.responses == [index.search("ket", limit: 10)])
    #expect(recording.counters == ["queriesReceived": 3, "searchesExecuted": 1])
    #expect(handler.waitingSessions == 0)
  }

  @Test func sessionsDebounceIndependently() async throws {
    let clock = TestClock()
    let handler = SearchHandler(index: index, debounceWindow: .milliseconds(50), clock: clock)
    let recording = Recording()
    let jobs = [
      Task { try await handler.run(SearchJob(sessionID: "1", query: "copper"), context: recording.context) },
      Task { try await handler.run(SearchJob(sessionID: "2", query: "steel"), context: recording.context) },
    ]
    await clock.advance(by: .milliseconds(50))
    for job in jobs { try await job.value }
    #expect(Set(recording.responses.map(\.query)) == ["copper", "steel"])
    #expect(recording.counters["searchesExecuted"] == 2)
  }

  @Test func anEmptyQueryAnswersAtOnceAndSupersedesTheWaitingOne() async throws {
    let clock = TestClock()
    let handler = SearchHandler(index: index, clock: clock)
    let recording = Recording()
    let pending = Task { try await handler.run(SearchJob(sessionID: "1", query: "kettle"), context: recording.context) }
    await clock.advance(by: .milliseconds(10))
    try await handler.run(SearchJob(sessionID: "1", query: " "), context: recording.context)
    #expect(recording.responses == [SearchResponse(query: " ", results: [], totalMatches: 0)])

    await clock.advance(by: .seconds(1))
    try await pending.value
    #expect(recording.responses.count == 1)
    #expect(recording.counters == ["queriesReceived": 2])
  }

  @Test func aSupersededQueryThatStartsLastDoesNotTakeTheWindowFromTheLatest() async throws {
    let clock = TestClock()
    let handler = SearchHandler(index: index, clock: clock)
    let recording = Recording()
    let latest = Task { try await handler.run(SearchJob(sessionID: "1", query: "steel", sequence: 2), context: recording.context) }
    await clock.advance(by: .zero)
    let superseded = Task { try await handler.run(SearchJob(sessionID: "1", query: "copper", sequence: 1), context: recording.context) }
    await clock.advance(by: .zero)

    await clock.advance(by: .milliseconds(300))
    try await latest.value
    try await superseded.value
    #expect(recording.responses.map(\.query) == ["steel"])
    #expect(recording.counters == ["queriesReceived": 2, "searchesExecuted": 1])
  }

  @Test func cancellingAJobEndsItsWaitWithoutTheClockMoving() async {
    let clock = TestClock()
    let handler = SearchHandler(index: index, clock: clock)
    let recording = Recording()
    let job = Task { try await handler.run(SearchJob(sessionID: "1", query: "kettle"), context: recording.context) }
    await clock.advance(by: .zero)
    job.cancel()
    let outcome = await job.result
    #expect(throws: CancellationError.self) { try outcome.get() }
    #expect(recording.responses.isEmpty)
    #expect(handler.waitingSessions == 0)
  }
}
