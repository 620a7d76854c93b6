import SwitchyardWire
import Testing

@testable import SwitchyardInspector

@MainActor
struct RecentHistoryTests {
  @Test func keepsTheNewestStatesAndAnswersWithTheNearestEarlierOne() async throws {
    let history = RecentHistory<[String: Int]>(capacity: 3)
    for sequence in UInt64(1)...5 {
      history.retain(sequence: sequence * 10, state: ["count": Int(sequence)])
    }
    #expect(await history.retainedSequences() == [30, 40, 50])
    #expect(history.latestSequence == 50)
    #expect(try await history.state(atOrBefore: 45) == HistoricState(sequence: 40, state: ["count": 4]))
    #expect(try await history.state(atOrBefore: 50) == HistoricState(sequence: 50, state: ["count": 5]))
    #expect(try await history.state(atOrBefore: 29) == nil)
  }
}
