/// Guards one running effect: once cancelled, nothing it sends reaches the reducer.
///
/// Fences nest: cancelling a `concatenate` or `merge` cancels everything it started.
@MainActor
final class EffectFence {
  private let parent: EffectFence?
  private var cancelled = false

  /// Set when the effect's operation has returned, to catch actions sent through an escaped `send`.
  var isCompleted = false

  init(parent: EffectFence?) {
    self.parent = parent
  }

  var isCancelled: Bool {
    cancelled || (parent?.isCancelled ?? false)
  }

  func cancel() {
    cancelled = true
  }
}
