import SwitchyardWire

/// Hears a remote effect's outputs and end around their delivery: how a journal writes an output
/// as the JSON it arrived in, and records the end in the same record as the action the last
/// event becomes.
///
/// A class per effect rather than closures: one allocation for what it needs to know.
@usableFromInline
@MainActor
protocol RemoteEffectObserver: AnyObject {
  /// Called as the store starts the effect; an effect made but never started hears nothing more.
  func didStart()
  /// Called with an output and the JSON it was decoded from just before the action it becomes is
  /// sent to the store.
  func delivering<Output>(_ output: Output, json: RawJSON)
  /// Called once the output ``delivering(_:json:)`` announced was sent to the store.
  func delivered()
  /// Called just before the effect's last event (finished, or failed with `failure`) is sent to
  /// the store.
  func willDeliverEnd(failure: JobFailure?)
  /// Called once the effect has ended, after its last event was sent; `interrupted` when the
  /// runtime stopped it (shutting down) though the effect itself was not cancelled.
  func didEnd(interrupted: Bool)
}

/// What watches every remote effect a store makes on the pools — a journal, which names each — and
/// gives each its ``RemoteEffectObserver`` as the reduction that makes it runs.
@usableFromInline
protocol RemoteEffectObserving: Sendable {
  /// The observer of an effect being made now, by the reduction under way.
  func observerOfNewEffect() -> any RemoteEffectObserver
}
