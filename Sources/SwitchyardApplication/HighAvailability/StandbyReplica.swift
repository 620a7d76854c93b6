import SwitchyardDurability
import SwitchyardJournal
import SwitchyardRuntime
import Synchronization

/// A standby's read-only copy of the store's state, rebuilt from the shared journal as the
/// standby copies it: replayed as recovery replays, effects never run.
///
/// ``restore(_:)`` and ``apply(_:)`` run on the standby's thread; ``current`` is read from any.
final class StandbyReplica<Base: Reducer>: @unchecked Sendable where Base.State: Codable & Sendable, Base.Action: Codable {
  /// Used by the standby's thread alone, which is what makes the class sendable.
  private let replay: ActionReplay<Base>
  private let copy = Mutex<(state: Base.State, sequence: UInt64)?>(nil)
  private let effects = Mutex(ReplayedEffects())

  init(_ reducer: Base) {
    replay = ActionReplay(reducer)
  }

  /// The state as of the last record applied, and that record's sequence number; `nil` before the
  /// first snapshot.
  var current: (state: Base.State, sequence: UInt64)? { copy.withLock { $0 } }

  /// Starts again from `snapshot`.
  func restore(_ snapshot: JournalSnapshot) throws {
    let state = try replay.state(snapshot)
    effects.withLock { $0 = ReplayedEffects() }
    copy.withLock { $0 = (state, snapshot.sequence) }
  }

  /// Applies the next record; returns the action it reduced, if it held one (and the copy has
  /// started from a snapshot).
  func apply(_ record: JournalRecord) throws -> Base.Action? {
    guard var state = copy.withLock({ $0?.state }) else { return nil }
    let effects = effects.withLock { $0 }
    let entry = try replay.apply(record, to: &state, effects: effects)
    copy.withLock { $0 = (state, record.sequence) }
    guard case let .action(action, _) = entry else { return nil }
    return action
  }
}
