import Synchronization

/// One request's link between the task awaiting it and the thread doing its IO: it resumes the
/// task exactly once, with the answer or with `CancellationError` as soon as the task is
/// cancelled, and lets cancellation shut the socket the thread is blocked on.
final class HTTPExchange: Sendable {
  private enum State {
    case starting
    case running(CheckedContinuation<HTTPClientResponse, any Error>, socket: Socket?)
    case cancelled
    case finished
  }

  private let state = Mutex(State.starting)

  /// Keeps the continuation to resume; false (having resumed it) if the task is already cancelled.
  func begin(_ continuation: CheckedContinuation<HTTPClientResponse, any Error>) -> Bool {
    let started = state.withLock { state in
      guard case .starting = state else { return false }
      state = .running(continuation, socket: nil)
      return true
    }
    if !started {
      continuation.resume(throwing: CancellationError())
    }
    return started
  }

  /// Wakes the IO thread and resumes the task with `CancellationError`.
  func cancel() {
    let continuation: CheckedContinuation<HTTPClientResponse, any Error>? = state.withLock { state in
      switch state {
      case .starting:
        state = .cancelled
        return nil
      case .running(let continuation, let socket):
        socket?.shutdown(.both)
        state = .cancelled
        return continuation
      case .cancelled, .finished:
        return nil
      }
    }
    continuation?.resume(throwing: CancellationError())
  }

  /// Records the socket the IO thread is about to use, so that cancelling can shut it.
  func adopt(_ socket: Socket) throws(CancellationError) {
    let adopted = state.withLock { state in
      guard case .running(let continuation, _) = state else { return false }
      state = .running(continuation, socket: socket)
      return true
    }
    guard adopted else {
      socket.close()
      throw CancellationError()
    }
  }

  /// Forgets the socket; false if the request was cancelled, and the socket must not be reused.
  func release() -> Bool {
    state.withLock { state in
      guard case .running(let continuation, _) = state else { return false }
      state = .running(continuation, socket: nil)
      return true
    }
  }

  /// Resumes the task with the IO thread's result, unless cancellation already did.
  func finish(_ result: Result<HTTPClientResponse, any Error>) {
    let continuation: CheckedContinuation<HTTPClientResponse, any Error>? = state.withLock { state in
      guard case .running(let continuation, _) = state else { return nil }
      state = .finished
      return continuation
    }
    continuation?.resume(with: result)
  }
}
