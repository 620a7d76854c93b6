import Foundation
import SwitchyardDurability
import SwitchyardInspector

/// The inspector's history read from the data directory's journal: the state after any action
/// from the oldest kept snapshot to the last action, by the journal's sequence numbers — the
/// states and numbers `history --at` shows.
///
/// A state is rebuilt from the nearest snapshot plus replay, which reduces at most a snapshot
/// interval of actions (`start --snapshot-every`), so it runs on a queue of its own, one request at
/// a time however many pages ask: the coordinator's main actor never waits for it. A state older
/// than the oldest kept snapshot is refused with ``HistoryError/olderThanKept(sequence:oldest:)``.
final class JournalHistorySource: HistorySource, @unchecked Sendable {
  // Unchecked: `oldest` and `rebuild` reach a `JournalStates`, which holds this source's own copy
  // of the reducer and the last state rebuilt; they are called only on `queue`, one at a time.
  private let oldest: () throws -> UInt64?
  private let rebuild: (UInt64) throws -> HistoricState
  private let latest: @MainActor @Sendable () -> UInt64
  private let queue = DispatchQueue(label: "switchyard-inspector-history")

  /// Reads the journal in `directory` through `replay`; `latest` tells the number of the last
  /// action the coordinator reduced, which may not be on disk yet.
  init<Feature: Reducer>(
    directory: String,
    replay: ActionReplay<Feature>,
    latest: @escaping @MainActor @Sendable () -> UInt64
  ) throws(JournalError) where Feature.State: Codable, Feature.Action: Codable {
    let states = JournalStates(history: try JournalHistory(directory: directory), replay: replay)
    oldest = { try states.oldest() }
    rebuild = { try states.state(atOrBefore: $0) }
    self.latest = latest
  }

  func retained() async throws -> RetainedStates {
    let latest = await latest()
    guard let oldest = try await onQueue({ try self.oldest() }) else { return .kept([]) }
    return .every(oldest...max(oldest, latest))
  }

  func state(atOrBefore sequence: UInt64) async throws -> HistoricState? {
    try await onQueue { try self.rebuild(sequence) }
  }

  private func onQueue<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
      queue.async { continuation.resume(with: Result { try work() }) }
    }
  }
}
