import Dispatch
import Synchronization
import SwitchyardRuntime

/// The replies a remote worker's handlers made and the reply stream has not taken yet: handlers
/// append from any thread without waiting for Redis, and one writer at a time takes all of them,
/// so replies leave in as few pipelines as the load allows.
///
/// While the job reader holds it (handling a batch whose jobs mostly finish at once, then writing
/// their replies itself), appends do not wake the writer thread.
final class ReplyOutbox: Sendable {
  private struct State {
    var replies: [WorkerReply] = []
    var isHeld = false
  }

  private let state = Mutex(State())
  private let ready = DispatchSemaphore(value: 0)

  /// Queues replies.
  func append(_ replies: [WorkerReply]) {
    let wakes = state.withLock { state in
      defer { state.replies.append(contentsOf: replies) }
      return state.replies.isEmpty && !state.isHeld
    }
    if wakes { ready.signal() }
  }

  /// Keeps appends from waking the writer until ``release()``.
  func hold() {
    state.withLock { $0.isHeld = true }
  }

  /// Ends a ``hold()``, waking the writer if replies came meanwhile that no one took.
  func release() {
    let wakes = state.withLock { state in
      state.isHeld = false
      return !state.replies.isEmpty
    }
    if wakes { ready.signal() }
  }

  /// Waits until replies may be waiting.
  func wait() {
    ready.wait()
  }

  /// Everything queued, possibly nothing.
  func take() -> [WorkerReply] {
    state.withLock { state in
      defer { state.replies.removeAll(keepingCapacity: true) }
      return state.replies
    }
  }
}
