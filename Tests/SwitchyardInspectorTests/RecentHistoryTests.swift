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
    #expect(await history.retained() == .kept([30, 40, 50]))
    #expect(history.latestSequence == 50)
    #expect(try await history.state(atOrBefore: 45) == HistoricState(sequence: 40, state: ["count": 4]))
    #expect(try await history.state(atOrBefore: 50) == HistoricState(sequence: 50, state: ["count": 5]))
    #expect(try await history.state(atOrBefore: 29) == nil)
  }
}

struct RetainedStatesTests {
  @Test func theFirstKeptStateAtOrAfterAnActionIsTheNextKeptOneOrForAJournalThatActionsOwn() {
    #expect(RetainedStates.kept([30, 40, 50]).first(atOrAfter: 35) == 40)
    #expect(RetainedStates.kept([30, 40, 50]).first(atOrAfter: 51) == nil)
    #expect(RetainedStates.every(10...20).first(atOrAfter: 15) == 15)
    #expect(RetainedStates.every(10...20).first(atOrAfter: 3) == 10)
    #expect(RetainedStates.every(10...20).first(atOrAfter: 21) == nil)
    #expect(RetainedStates.every(10...20).oldest == 10 && RetainedStates.kept([]).oldest == nil)
  }
}
