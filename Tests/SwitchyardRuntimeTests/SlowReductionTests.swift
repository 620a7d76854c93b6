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

  /// On a clock the test moves, so that a loaded machine's preemption of a quick reduction (32 ms
  /// of one in a full run) changes nothing.
  @Test func aSlowReductionIsCountedAndLoggedAtMostALineASecond() throws {
    let log = LogLines()
    let registry = MetricsRegistry()
    var clock: Int64 = 0
    let watch = SlowReductionWatch<Dawdler.Action>(threshold: .milliseconds(20), registry: registry, clock: { clock }, log: log.append)
    func reduce(_ action: Dawdler.Action, taking milliseconds: Int64, sequence: UInt64) {
      watch.willReduce()
      clock += milliseconds * 1_000_000
      watch.didReduce(action, sequence: sequence)
    }
    reduce(.quick, taking: 19, sequence: 1)
    #expect(log.lines.isEmpty)
    reduce(.dawdled(milliseconds: 60), taking: 60, sequence: 2)
    #expect(log.lines == ["warning: slow reduction: action 2 (dawdled) held the main actor 60 ms, over --slow-reduction-ms 20"])
    // Within the second: counted, not logged; the next line, a second on, says how many.
    reduce(.dawdled(milliseconds: 30), taking: 30, sequence: 3)
    reduce(.quick, taking: 500, sequence: 4)
    #expect(log.lines.count == 1)
    clock += 1_000_000_000
    reduce(.dawdled(milliseconds: 20), taking: 20, sequence: 5)
    #expect(log.lines.last == "warning: slow reduction: action 5 (dawdled) held the main actor 20 ms, over --slow-reduction-ms 20; 2 more since the last such line")
    #expect(registry.render(.text).contains("switchyard_slow_reductions_total 4\n"))
  }

  /// The coordinator times every reduction of its store, as `start` configures it.
  @Test func theCoordinatorWatchesItsStoresReductions() throws {
    let log = LogLines()
    var configuration = CoordinatorConfiguration(runDirectory: makeRunDirectory(), pools: [], servesControlSocket: false, log: { log.append($0) })
    configuration.slowReduction = .milliseconds(50)
    let coordinator = Coordinator(configuration: configuration, initialState: 0, reducer: Dawdler())
    coordinator.store.send(.dawdled(milliseconds: 300))
    #expect(log.lines.contains { $0.contains("slow reduction: action 1 (dawdled) held the main actor") }, "\(log.lines)")
  }
}
