/// A running effect that callbacks on the main actor drive instead of a task: what
/// ``Effect/handled(_:)`` gives its start closure.
///
/// An effect whose work happens elsewhere and reports back on the main actor (a remote job) ends
/// in the same turn its last event arrives, where a task would wait for the main actor once more
/// just to return.
@MainActor
@usableFromInline
package struct EffectHandle<Action> {
  /// Sends an action for the effect whose entry it is given: one closure serves every handled
  /// effect of a store, so starting one allocates no sender of its own.
  private let sender: @MainActor (Action, (any Sendable)?, CancellationRegistry.Entry) -> Void
  let entry: CancellationRegistry.Entry

  init(send: @escaping @MainActor (Action, (any Sendable)?, CancellationRegistry.Entry) -> Void, entry: CancellationRegistry.Entry) {
    self.sender = send
    self.entry = entry
  }

  /// Sends `action` into the store, with `metadata` for its root reducer as
  /// ``Store/send(_:metadata:)`` says; dropped once the effect is cancelled, and reported as an
  /// issue once it has ended.
  @usableFromInline
  package func send(_ action: Action, metadata: (any Sendable)? = nil) {
    sender(action, metadata, entry)
  }

  /// Whether the effect was cancelled: nothing it sends reaches the reducer any more.
  @usableFromInline
  package var isCancelled: Bool {
    entry.fence.isCancelled
  }

  /// Calls `handler` once when the effect is cancelled, at once if it already was; the effect
  /// still ends only when ``end()`` is called.
  @usableFromInline
  package func onCancel(_ handler: @escaping @MainActor () -> Void) {
    entry.onCancel(handler)
  }

  /// Ends the effect: whoever awaits it resumes. Call it exactly once, cancelled or not.
  @usableFromInline
  package func end() {
    entry.end()
  }

  func map<Child>(_ transform: @escaping @Sendable (Child) -> Action) -> EffectHandle<Child> {
    let sender = self.sender
    return EffectHandle<Child>(send: { action, metadata, entry in sender(transform(action), metadata, entry) }, entry: entry)
  }
}
