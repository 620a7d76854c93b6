import ComposableArchitecture
import Synchronization

/// A clock for handler tests that records every sleep and, unless it opens by itself, holds each
/// sleeper until the test calls ``open()``: so a test can act between one attempt and the next
/// (restart a server, say) and check each wait's length exactly.
final class GatedClock: Clock, Sendable {
  typealias Instant = TestClock<Duration>.Instant

  /// The length of each sleep, as it begins.
  let sleeps: AsyncStream<Duration>
  let minimumResolution: Duration = .zero
  private let recorder: AsyncStream<Duration>.Continuation
  private let opensByItself: Bool
  private let state = Mutex<State>(State())

  private struct State {
    var now = Instant()
    var recorded: [Duration] = []
    var sleeper: CheckedContinuation<Void, any Error>?
    /// Calls to ``open()`` that came before their sleep had started waiting.
    var permits = 0
  }

  /// A clock whose sleeps wait for ``open()``, or end at once if `opensByItself`.
  init(opensByItself: Bool = false) {
    self.opensByItself = opensByItself
    (sleeps, recorder) = AsyncStream.makeStream(of: Duration.self)
  }

  var now: Instant {
    state.withLock { $0.now }
  }

  /// Every sleep's length so far.
  var recorded: [Duration] {
    state.withLock { $0.recorded }
  }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let length = state.withLock { state in
      defer { state.now = max(state.now, deadline) }
      let length = state.now.duration(to: deadline)
      state.recorded.append(length)
      return length
    }
    recorder.yield(length)
    guard !opensByItself else { return }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let permitted = state.withLock { state in
          guard state.permits == 0 else {
            state.permits -= 1
            return true
          }
          state.sleeper = continuation
          return false
        }
        if permitted {
          continuation.resume()
        } else if Task.isCancelled {
          state.withLock { $0.sleeper.take() }?.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      state.withLock { $0.sleeper.take() }?.resume(throwing: CancellationError())
    }
  }

  /// Ends the current sleep, or the next one if none has started waiting yet.
  func open() {
    let sleeper = state.withLock { state in
      guard let sleeper = state.sleeper.take() else {
        state.permits += 1
        return nil as CheckedContinuation<Void, any Error>?
      }
      return sleeper
    }
    sleeper?.resume()
  }
}
