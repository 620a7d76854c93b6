import SwitchyardWire

/// Hears a remote effect start and end, and names what each action it sends carries beside it: how
/// a journal writes an output as the JSON it arrived in, and records the end in the same record as
/// the action the last event becomes.
///
/// A class per effect rather than closures: one allocation for what it needs to know.
@usableFromInline
@MainActor
package protocol RemoteEffectObserver: AnyObject {
  /// Called as the store starts the effect; an effect made but never started hears nothing more.
  func didStart()
  /// The metadata to send with the action an output becomes, given the output and the JSON it was
  /// decoded from: taken while the output is alive, and travelling with the action into the store.
  func metadata<Output>(ofOutput output: Output, json: RawJSON) -> (any Sendable)?
  /// The metadata to send with the action the effect's last event (finished, or failed with
  /// `failure`) becomes.
  func metadata(ofEndWith failure: JobFailure?) -> (any Sendable)?
  /// Called once the effect has ended, after its last event was sent; `interrupted` when the
  /// runtime stopped it (shutting down) though the effect itself was not cancelled.
  func didEnd(interrupted: Bool)
}

/// What watches every remote effect a store makes on the pools — a journal, which names each — and
/// gives each its ``RemoteEffectObserver`` as the reduction that makes it runs.
@usableFromInline
package protocol RemoteEffectObserving: Sendable {
  /// The observer of an effect being made now, by the reduction under way.
  func observerOfNewEffect() -> any RemoteEffectObserver
}
