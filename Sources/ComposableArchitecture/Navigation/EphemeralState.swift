/// State that is dismissed as soon as it sends an action: an alert or a dialog, which disappears
/// when one of its buttons is tapped.
///
/// ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)`` nils it after the parent
/// has seen the button's action, so parents need not dismiss alerts by hand. Underscored, as TCA's:
/// public only so that `ifLet` without a child reducer can require it.
public protocol _EphemeralState<Action> {
  /// The actions its buttons send.
  associatedtype Action
}

extension AlertState: _EphemeralState {}
extension ConfirmationDialogState: _EphemeralState {}

/// Whether `state`, or the current case of an enum destination, is ephemeral and could have sent
/// `action`: a button's action itself, or a destination action whose case carries one, as TCA's
/// `canSend` decides. Another case's action, sent while an alert shows, leaves the alert up.
func isEphemeral(_ state: Any, sending action: Any) -> Bool {
  guard
    let ephemeral = (state as? any _EphemeralState) ?? (EnumPayload.of(state) as? any _EphemeralState)
  else { return false }
  let actionType = actionType(of: ephemeral)
  if type(of: action) == actionType { return true }
  return EnumPayload.of(action).map { type(of: $0) == actionType } ?? false
}

private func actionType<State: _EphemeralState>(of _: State) -> Any.Type {
  State.Action.self
}
