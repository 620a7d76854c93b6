import Synchronization

/// A ``ReplyWriter`` that hands replies, as values, to a sink in the same process: what a worker
/// that reads its jobs from elsewhere (a broker's stream) turns into its own envelopes.
final class InProcessReplies: ReplyWriter {
  private struct State {
    var held: [WorkerReply] = []
    var holds = 0
  }

  private let state = Mutex(State())
  private let sink: @Sendable ([WorkerReply]) -> Void

  /// A writer handing replies to `sink` on the thread that enqueued or released them, with its
  /// lock held so they arrive in order; `sink` must not call back into the writer.
  init(sink: @escaping @Sendable ([WorkerReply]) -> Void) {
    self.sink = sink
  }

  func enqueue(_ reply: WorkerReply) {
    state.withLock { state in
      guard state.holds == 0 else { return state.held.append(reply) }
      sink([reply])
    }
  }

  func hold() {
    state.withLock { $0.holds += 1 }
  }

  func release() {
    state.withLock { state in
      state.holds -= 1
      guard state.holds == 0, !state.held.isEmpty else { return }
      sink(state.held)
      state.held.removeAll(keepingCapacity: true)
    }
  }

  /// Replies leave as they are enqueued or released: nothing waits here.
  func flush() {}

  var pendingBytes: Int { 0 }
}
