import Synchronization
import SwitchyardRuntime

/// What a handler reported through its context, as it happened: outputs in order, as a stream a
/// test can wait on and as a list, and the counters.
final class JobRecording<Output: Sendable>: Sendable {
  /// Every output, in order, as it is emitted.
  let outputs: AsyncStream<Output>
  private let sink: AsyncStream<Output>.Continuation
  private let state = Mutex<(outputs: [Output], counters: [String: Int64])>(([], [:]))

  init() {
    (outputs, sink) = AsyncStream.makeStream(of: Output.self)
  }

  /// The context to run a handler with.
  var context: JobContext<Output> {
    JobContext(
      emit: { [self] output in
        state.withLock { $0.outputs.append(output) }
        sink.yield(output)
      },
      increment: { [self] name, amount in state.withLock { $0.counters[name, default: 0] += amount } }
    )
  }

  /// Every output so far.
  var emitted: [Output] {
    state.withLock { $0.outputs }
  }

  /// The counters so far.
  var counters: [String: Int64] {
    state.withLock { $0.counters }
  }
}
