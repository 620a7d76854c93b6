import SwitchyardWire

/// A root reducer that learns which actions a client sent, and as what JSON: the coordinator sends
/// each client's action with the metadata it makes (`Store.send(_:metadata:)`), so that a journal
/// records the JSON the client sent instead of encoding the action again.
///
/// A requirement of the type, not of a value: asking a reducer value copied it, its references
/// retained and released, with every action a client sent.
package protocol ClientActionMetadata {
  /// The metadata a client's action is sent with, `json` being what the client sent.
  static func metadata(ofClientJSON json: RawJSON) -> any Sendable
}
