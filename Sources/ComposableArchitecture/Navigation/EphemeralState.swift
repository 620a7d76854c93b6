/// State that is dismissed as soon as it sends an action: an alert or a dialog, which disappears
/// when any of its buttons is tapped.
///
/// ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)`` nils it after the parent
/// has seen the button's action, so parents need not dismiss alerts by hand.
protocol EphemeralState {}

extension AlertState: EphemeralState {}
extension ConfirmationDialogState: EphemeralState {}

/// Whether `state` is ephemeral, or is an enum destination whose current case holds ephemeral state.
func isEphemeral(_ state: Any) -> Bool {
  state is any EphemeralState || EnumPayload.of(state) is any EphemeralState
}
