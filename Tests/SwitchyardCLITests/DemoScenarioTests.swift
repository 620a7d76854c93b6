import Testing
import SwitchyardWire
@testable import switchyard

/// The demo's load scenario, which lives in the `switchyard` executable beside `start --demo`.
struct DemoScenarioTests {
  @Test func demoUsersTypeABurstAndWaitOnlyForItsLastKeystroke() throws {
    let scenario = DemoScenario()
    // A burst runs from the step after one page to the next page.
    let all = (0..<200).map { scenario.step(user: "u", index: $0, slice: .null) }
    let firstPage = try #require(all.firstIndex { $0.kind == "pagination" })
    let nextPage = try #require(all[(firstPage + 1)...].firstIndex { $0.kind == "pagination" })
    let steps = Array(all[(firstPage + 1)...nextPage])
    let keystrokes = steps.dropLast()
    let queries = keystrokes.compactMap { $0.action[dottedPath: "sessions.element.action.search.searchQueryChanged"]?.stringValue }
    #expect(queries.count == keystrokes.count)
    let word = try #require(queries.last)
    #expect(queries == (1...word.count).map { String(word.prefix($0)) })
    #expect(keystrokes.dropLast().allSatisfy { $0.completion == nil && $0.pause > .zero })
    let done = try #require(keystrokes.last?.completion)
    #expect(done(["search": ["query": .string(word), "isSearching": true]]) == nil)
    #expect(done(["search": ["query": .string(word), "isSearching": false, "failure": nil]]) == .succeeded)
    #expect(done(["search": ["query": .string(word), "isSearching": false, "failure": ["code": "overloaded"]]]) == .failed("overloaded"))
    #expect(steps.last?.kind == "pagination")
  }

  @Test func aDemoPageStepWaitsForTheNextPageAndStartsOverAtTheEnd() throws {
    let scenario = DemoScenario()
    let pageIndex = (0..<100).first { scenario.step(user: "u", index: $0, slice: .null).kind == "pagination" }!
    let onPage3: JSONValue = ["catalog": ["currentPage": 3, "hasMorePages": true, "isLoadingPage": false]]
    let next = scenario.step(user: "u", index: pageIndex, slice: onPage3)
    #expect(next.action[dottedPath: "sessions.element.action.catalog.loadNextPage"] != nil)
    let completion = try #require(next.completion)
    #expect(completion(["catalog": ["currentPage": 3, "isLoadingPage": true]]) == nil)
    #expect(completion(["catalog": ["currentPage": 4, "isLoadingPage": false]]) == .succeeded)

    let atTheEnd: JSONValue = ["catalog": ["currentPage": 14, "hasMorePages": false, "isLoadingPage": false]]
    let refresh = scenario.step(user: "u", index: pageIndex, slice: atTheEnd)
    #expect(refresh.action[dottedPath: "sessions.element.action.catalog.refresh"] != nil)
    let refreshed = try #require(refresh.completion)
    #expect(refreshed(["catalog": ["currentPage": 1, "isLoadingPage": false]]) == .succeeded)
  }

  @Test func demoUsersOpenASessionWithItsFeedAndCloseIt() throws {
    let scenario = DemoScenario()
    #expect(scenario.setUpActions(user: "u") == [
      ["sessionOpened": ["id": "u"]],
      ["sessions": ["element": ["id": "u", "action": ["feed": ["connectWebSocket": [:]]]]]],
    ])
    #expect(scenario.tearDownActions(user: "u") == [["sessionClosed": ["id": "u"]]])
    let path = try scenario.watchedPath(user: "u") { _ in [["id": "1"], ["id": "u"]] }
    #expect(path == "sessions.id=u")
    #expect(throws: DemoScenarioError.self) { try scenario.watchedPath(user: "v") { _ in [["id": "1"]] } }
  }
}
