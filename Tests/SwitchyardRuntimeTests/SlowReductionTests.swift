import ComposableArchitecture
import Foundation
import SwitchyardMetrics
import SwitchyardTestSupport
import Testing
@testable import SwitchyardRuntime

/// `start --slow-reduction-ms`: a reduction that holds the main actor past the threshold is
/// counted and logged with its root case and sequence number, at most a line a second, the next
/// line counting those left out; a quick one is neither.
@MainActor
@Suite struct SlowReductionTests {
  struct Dawdler: Reducer {
    enum Action: Decodable, Sendable {
      case quick
      case dawdled(milliseconds: Int)
    }

    func reduce(into state: inout Int, action: Action) -> Effect<Action> {
      state += 1
      if case let .dawdled(milliseconds) = action { Thread.sleep(forTimeInterval: Double(milliseconds) / 1_000) }
      return .none
    }
  }

  @Test func aSlowReductionIsCountedAndLoggedAtMostALineASecond() throws {
    let log = LogLines()
    let registry = MetricsRegistry()
    var configuration = CoordinatorConfiguration(runDirectory: makeRunDirectory(), pools: [], servesControlSocket: false, log: { log.append($0) })
    configuration.metrics = registry
    configuration.slowReduction = .milliseconds(20)
    let coordinator = Coordinator(configuration: configuration, initialState: 0, reducer: Dawdler())
    coordinator.store.send(.quick)
    #expect(log.lines.isEmpty)
    coordinator.store.send(.dawdled(milliseconds: 60))
    let first = try #require(log.lines.last, "no line for a reduction of 60 ms")
    #expect(first.contains("slow reduction: action 2 (dawdled) held the main actor"), "\(first)")
    #expect(first.hasSuffix("over --slow-reduction-ms 20"), "\(first)")
    let milliseconds = first.firstMatch(of: /main actor (\d+) ms/).flatMap { Int($0.1) } ?? 0
    #expect((40...1_000).contains(milliseconds), "\(first)")

    // Within the second: counted, not logged; the next line, a second on, says how many.
    coordinator.store.send(.dawdled(milliseconds: 30))
    coordinator.store.send(.dawdled(milliseconds: 30))
    #expect(log.lines.count == 1)
    coordinator.store.send(.dawdled(milliseconds: 1_000))
    #expect(log.lines.count == 2)
    #expect(log.lines.last?.contains("action 5 (dawdled)") == true && log.lines.last?.contains("2 more since the last such line") == true)
    coordinator.store.send(.quick)
    #expect(registry.render(.text).contains("switchyard_slow_reductions_total 4\n"))
  }
}
