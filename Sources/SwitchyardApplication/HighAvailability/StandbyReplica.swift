import SwitchyardDurability
import SwitchyardRuntime
import Synchronization

/// A standby's read-only copy of the store's state, rebuilt from the shared journal as the
/// standby copies it: replayed as recovery replays, effects never run.
///
/// ``restore(_:)`` and ``apply(_:)`` run on the standby's thread; ``state`` is read from any.
final class StandbyReplica<Base: Reducer>: @unchecked Sendable where Base.State: Codable & Sendable, Base.Action: Codable {
  /// Used by the standby's thread alone, which is what makes the class sendable.
  private let replay: ActionReplay<Base>
  private let current = Mutex<Base.State?>(nil)
  private let effects = Mutex(ReplayedEffects())

  init(_ reducer: Base) {
    replay = ActionReplay(reducer)
  }

  /// The state as of the last record applied, or `nil` before the first snapshot.
  var state: Base.State? { current.withLock { $0 } }

  /// Starts again from `snapshot`.
  func restore(_ snapshot: JournalSnapshot) throws {
    let state = try replay.state(snapshot)
    effects.withLock { $0 = ReplayedEffects() }
    current.withLock { $0 = state }
  }

  /// Applies the next record.
  func apply(_ record: JournalRecord) throws {
    guard var state = current.withLock({ $0 }) else { return }
    let effects = effects.withLock { $0 }
    _ = try replay.apply(record, to: &state, effects: effects)
    current.withLock { $0 = state }
  }
}
