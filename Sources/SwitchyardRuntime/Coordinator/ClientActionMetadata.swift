import SwitchyardWire

/// A root reducer that learns which actions a client sent, and as what JSON: the coordinator sends
/// each client's action with the metadata it makes (`Store.send(_:metadata:)`), so that a journal
/// records the JSON the client sent instead of encoding the action again.
package protocol ClientActionMetadata {
  /// The metadata a client's action is sent with, `json` being what the client sent.
  func metadata(ofClientJSON json: RawJSON) -> any Sendable
}
