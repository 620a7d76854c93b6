import SwitchyardWire

/// The last few states the store left, as values in memory: the inspector's own history, which
/// serves the slider until a durable journal is present.
///
/// It holds states as the store's own values, which share storage with the live state, so keeping
/// one costs a few retains; JSON is made only when a page asks for a state.
@MainActor
final class RecentHistory<State: Encodable>: HistorySource {
  private let capacity: Int
  /// A ring: once full, `oldest` is where the next state goes.
  private var entries: [(sequence: UInt64, state: State)] = []
  private var oldest = 0

  init(capacity: Int) {
    self.capacity = max(1, capacity)
  }

  /// The latest retained sequence number, if any.
  var latestSequence: UInt64? {
    entries.isEmpty ? nil : entries[(oldest + entries.count - 1) % entries.count].sequence
  }

  /// Keeps `state` as the state after action `sequence`, forgetting the oldest once full.
  func retain(sequence: UInt64, state: State) {
    if entries.count < capacity {
      entries.append((sequence, state))
    } else {
      entries[oldest] = (sequence, state)
      oldest = (oldest + 1) % capacity
    }
  }

  func retained() async -> RetainedStates {
    .kept(ordered.map(\.sequence))
  }

  nonisolated func state(atOrBefore sequence: UInt64) async throws -> HistoricState? {
    // Encoding needs the values, on the main actor; parsing the bytes does not.
    guard let (found, bytes) = try await encodedState(atOrBefore: sequence) else { return nil }
    return HistoricState(sequence: found, state: try WireJSONDecoder().parse(bytes))
  }

  private func encodedState(atOrBefore sequence: UInt64) throws -> (UInt64, [UInt8])? {
    guard let entry = ordered.last(where: { $0.sequence <= sequence }) else { return nil }
    return (entry.sequence, try WireJSONEncoder().encode(entry.state))
  }

  private var ordered: [(sequence: UInt64, state: State)] {
    Array(entries[oldest...] + entries[..<oldest])
  }
}
