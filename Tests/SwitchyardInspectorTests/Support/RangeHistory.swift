import SwitchyardWire

@testable import SwitchyardInspector

/// A history that, like a journal, has the state after every action in a range: `{"count": n}`
/// after action n.
struct RangeHistory: HistorySource {
  let range: ClosedRange<UInt64>

  func retained() async throws -> RetainedStates {
    .every(range)
  }

  func state(atOrBefore sequence: UInt64) async throws -> HistoricState? {
    guard sequence >= range.lowerBound else { return nil }
    let found = min(sequence, range.upperBound)
    return HistoricState(sequence: found, state: ["count": .int(Int64(found))])
  }
}
