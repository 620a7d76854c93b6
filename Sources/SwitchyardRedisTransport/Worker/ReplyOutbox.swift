import Dispatch
import Synchronization

/// The frames a remote worker's handlers wrote and the reply stream has not taken yet: handlers
/// append from any thread without waiting for Redis, and one writer at a time takes all of them,
/// so replies leave in as few pipelines as the load allows.
///
/// While the job reader holds it (handling a batch whose jobs mostly finish at once, then writing
/// their replies itself), appends do not wake the writer thread.
final class ReplyOutbox: Sendable {
  private struct State {
    var frames: [UInt8] = []
    var isHeld = false
  }

  private let state = Mutex(State())
  private let ready = DispatchSemaphore(value: 0)

  /// Queues encoded frames.
  func append(_ bytes: [UInt8]) {
    let wakes = state.withLock { state in
      defer { state.frames.append(contentsOf: bytes) }
      return state.frames.isEmpty && !state.isHeld
    }
    if wakes { ready.signal() }
  }

  /// Keeps appends from waking the writer until ``release()``.
  func hold() {
    state.withLock { $0.isHeld = true }
  }

  /// Ends a ``hold()``, waking the writer if frames came meanwhile that no one took.
  func release() {
    let wakes = state.withLock { state in
      state.isHeld = false
      return !state.frames.isEmpty
    }
    if wakes { ready.signal() }
  }

  /// Waits until frames may be waiting.
  func wait() {
    ready.wait()
  }

  /// Everything queued, possibly nothing.
  func take() -> [UInt8] {
    state.withLock { state in
      defer { state.frames.removeAll(keepingCapacity: true) }
      return state.frames
    }
  }
}
