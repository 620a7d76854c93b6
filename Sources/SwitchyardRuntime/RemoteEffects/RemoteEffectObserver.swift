import SwitchyardWire

/// Hears a remote effect end, around the delivery of its last event: how a journal records the end
/// in the same record as the action that event became.
@usableFromInline
struct RemoteEffectObserver {
  /// Called with an output and the JSON it was decoded from just before the action it becomes is
  /// sent to the store, and with `nil` once it was: the journal writes that JSON instead of
  /// encoding the output again.
  @usableFromInline
  var delivering: @MainActor (KnownJSON?) -> Void
  /// Called just before the effect's last event (finished, failed) is sent to the store.
  @usableFromInline
  var willDeliverEnd: @MainActor () -> Void
  /// Called once the effect has ended, after its last event was sent; `interrupted` when the
  /// runtime stopped it (shutting down) though the effect itself was not cancelled.
  @usableFromInline
  var didEnd: @MainActor (_ interrupted: Bool) -> Void
}
