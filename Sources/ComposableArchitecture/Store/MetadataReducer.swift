/// A root reducer that also reads what its store was told beside each action
/// (``Store/send(_:metadata:)``): for a runtime that records where each action came from, as
/// Akka's `PersistentRepr` carries metadata with an event.
///
/// The store hands the metadata over untouched, with the action, whenever the action is reduced
/// (at once, or after the actions buffered before it), and never looks inside; ``reduce(into:action:)``
/// is what a store that has no metadata to give calls.
package protocol MetadataReducer<State, Action>: Reducer {
  /// Evolves `state` for `action`, sent with `metadata` (`nil` when the sender gave none).
  func reduce(into state: inout State, action: Action, metadata: (any Sendable)?) -> Effect<Action>
}
