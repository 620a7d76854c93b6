/// Hands each action the coordinator's store reduces, with its sequence number and the state it
/// left, to at most one observer on the main actor: the hook an inspector records through.
///
/// The sequence number is the action log's when there is one — the journal's, which survives
/// restarts and is what `switchyard history` prints — and otherwise this process's count. With no
/// observer, an action costs one `nil` check; the state is passed borrowed, so nothing is copied or
/// retained unless an observer keeps it.
@MainActor
final class ActionObservation<State, Action> {
  var observer: (@MainActor (_ sequence: UInt64, _ action: Action, _ state: State) -> Void)?
  /// Where sequence numbers come from when the coordinator journals its actions.
  var log: (any ActionLog)?

  /// `counted` is this process's count of reduced actions, this one included.
  func didReduce(counted: UInt64, action: Action, state: State) {
    guard let observer else { return }
    observer(sequence(counted: counted), action, state)
  }

  /// The number of the last action reduced, given this process's count of them.
  func sequence(counted: UInt64) -> UInt64 {
    log?.lastActionSequence ?? counted
  }
}
