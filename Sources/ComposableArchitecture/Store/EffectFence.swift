/// Guards one running effect: once cancelled, nothing it sends reaches the reducer.
///
/// Fences nest: cancelling a `concatenate` or `merge` cancels everything it started.
///
/// A running effect's registry entry is its fence (``CancellationRegistry/Entry`` inherits it), so
/// an effect costs one object, not two.
@MainActor
class EffectFence {
  private let parent: EffectFence?
  private var cancelled = false

  /// Set when the effect's operation has returned, to catch actions sent through an escaped `send`.
  final var isCompleted = false

  init(parent: EffectFence?) {
    self.parent = parent
  }

  final var isCancelled: Bool {
    cancelled || (parent?.isCancelled ?? false)
  }

  final func cancelFence() {
    cancelled = true
  }
}
