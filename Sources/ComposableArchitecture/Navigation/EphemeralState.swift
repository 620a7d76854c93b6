/// State that is dismissed as soon as it sends an action: an alert or a dialog, which disappears
/// when one of its buttons is tapped.
///
/// ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)`` nils it after the parent
/// has seen the button's action, so parents need not dismiss alerts by hand.
protocol EphemeralState {
  /// The type of the actions its buttons send.
  static var actionType: Any.Type { get }
}

extension AlertState: EphemeralState {
  static var actionType: Any.Type { Action.self }
}

extension ConfirmationDialogState: EphemeralState {
  static var actionType: Any.Type { Action.self }
}

/// Whether `state`, or the current case of an enum destination, is ephemeral and could have sent
/// `action`: a button's action itself, or a destination action whose case carries one, as TCA's
/// `canSend` decides. Another case's action, sent while an alert shows, leaves the alert up.
func isEphemeral(_ state: Any, sending action: Any) -> Bool {
  guard
    let ephemeral = (state as? any EphemeralState) ?? (EnumPayload.of(state) as? any EphemeralState)
  else { return false }
  let actionType = type(of: ephemeral).actionType
  if type(of: action) == actionType { return true }
  return EnumPayload.of(action).map { type(of: $0) == actionType } ?? false
}
