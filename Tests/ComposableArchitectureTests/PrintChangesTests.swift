import ComposableArchitecture
import Synchronization
import Testing

@MainActor
@Suite struct PrintChangesTests {
  @Test func logsTheActionAndTheStateDiff() {
    let output = Mutex<[String]>([])
    let store = Store(initialState: CounterFeature.State()) {
      CounterFeature()._printChanges { line in output.withLock { $0.append(line) } }
    }
    store.send(.incrementButtonTapped)
    store.send(.dismissAlert)
    let lines = output.withLock { $0 }
    #expect(lines.count == 2)
    #expect(lines[0].contains("received action:\n  CounterFeature.Action.incrementButtonTapped"))
    #expect(lines[0].contains("-   count: 0,\n+   count: 1,"))
    #expect(lines[1].contains("(No state changes)"))
  }
}
