import SwitchyardWire

/// How the journal holds a remote output being delivered, until the action it becomes is appended.
enum DeliveringOutput {
  /// As the event itself, the output's JSON as the worker wrote it: its effect was made after the
  /// newest snapshot.
  case event(RawJSON)
  /// Inside the action it becomes, written as the JSON it arrived as where the action holds it.
  case inAction(KnownJSON)

  /// The output and its JSON, when the action it becomes is encoded.
  var known: KnownJSON? {
    if case let .inAction(known) = self { known } else { nil }
  }
}
