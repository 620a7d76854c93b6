/// Hands each action the coordinator's store reduces, with its sequence number and the state it
/// left, to at most one observer on the main actor: the hook an inspector records through.
///
/// With no observer, an action costs one `nil` check; the state is passed borrowed, so nothing is
/// copied or retained unless an observer keeps it.
@MainActor
final class ActionObservation<State, Action> {
  var observer: (@MainActor (_ sequence: UInt64, _ action: Action, _ state: State) -> Void)?

  func didReduce(sequence: UInt64, action: Action, state: State) {
    observer?(sequence, action, state)
  }
}
