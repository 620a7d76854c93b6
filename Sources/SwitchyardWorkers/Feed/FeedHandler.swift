import Foundation
import SwitchyardNet
import SwitchyardRuntime

/// Serves ``FeedJob``s: listens to a WebSocket feed until cancelled, reconnecting whenever the
/// connection ends or cannot be made.
///
/// Emits ``FeedEvent/connected`` after each handshake, ``FeedEvent/messageReceived(_:)`` for every
/// text message in order (binary messages are not part of a feed and are dropped), and
/// ``FeedEvent/disconnected(reason:)`` when a connection ends, or once when connecting starts
/// failing. Waits between attempts follow ``retry``, starting over after every successful
/// connection. Cancelling the job closes the socket with a clean close handshake (1000).
///
/// Counters: `connects` (handshakes that succeeded), `reconnects` (attempts after the first),
/// `messagesReceived`.
public struct FeedHandler: JobHandler {
  /// When to try connecting again.
  public let retry: RetrySchedule
  /// The limit for the TCP connection and the handshake together.
  public let connectTimeout: Duration
  /// The largest message accepted; a larger one ends the connection, which is then retried.
  public let maxMessageSize: Int

  /// Creates a handler.
  public init(
    retry: RetrySchedule = RetrySchedule(backoff: Backoff(initial: .milliseconds(250), maximum: .seconds(10), jitter: 0.2)),
    connectTimeout: Duration = .seconds(5),
    maxMessageSize: Int = 1 << 20
  ) {
    self.retry = retry
    self.connectTimeout = connectTimeout
    self.maxMessageSize = maxMessageSize
  }

  /// Listens until cancelled; throws only for a URL no attempt could ever use.
  public func run(_ job: FeedJob, context: JobContext<FeedEvent>) async throws {
    guard let url = URL(string: job.url) else {
      throw JobFailure(code: .invalidURL, message: "'\(job.url)' is not a URL; a feed's URL looks like ws://127.0.0.1:8080/feed.")
    }
    var failures = 0
    var attempts = 0
    // Whether the reducer last heard that the feed is down, so a failing reconnect loop does not
    // repeat it on every attempt.
    var reportedDown = false
    while true {
      try Task.checkCancellation()
      if attempts > 0 {
        context.increment("reconnects")
      }
      attempts += 1
      do {
        let connection = try await WebSocketClient.connect(to: url, timeout: connectTimeout, maxMessageSize: maxMessageSize)
        failures = 0
        context.increment("connects")
        await context.emit(.connected)
        let reason = await listen(to: connection, context: context)
        try Task.checkCancellation()
        await context.emit(.disconnected(reason: reason))
        reportedDown = true
      } catch let error as WebSocketError {
        if case .unsupportedScheme = error {
          throw JobFailure(code: .invalidURL, message: "The feed URL '\(job.url)' cannot be used: \(error)")
        }
        if case .invalidURL = error {
          throw JobFailure(code: .invalidURL, message: error.description)
        }
        if !reportedDown {
          await context.emit(.disconnected(reason: error.description))
          reportedDown = true
        }
      }
      failures += 1
      try await retry.wait(afterFailures: failures)
    }
  }

  /// Emits every text message until the connection ends, and returns a sentence saying why it did.
  /// Cancellation closes the connection with 1000 and returns once its socket is released.
  private func listen(to connection: WebSocketConnection, context: JobContext<FeedEvent>) async -> String {
    // The messages are read in a task of their own because cancelling the task iterating a
    // connection's stream closes it with 1001 (going away); a cancelled job closes with 1000.
    let reader = Task {
      do {
        for try await message in connection.messages {
          guard case .text(let text) = message else { continue }
          context.increment("messagesReceived")
          await context.emit(.messageReceived(text))
        }
        return connection.closeStatus.map { "The server closed the feed with \($0)." } ?? "The server closed the feed."
      } catch {
        return "\(error)"
      }
    }
    return await withTaskCancellationHandler {
      let reason = await reader.value
      if Task.isCancelled {
        // Started by the cancellation handler already; this waits for the handshake to finish.
        await connection.close(code: .normalClosure)
      }
      return reason
    } onCancel: {
      Task { await connection.close(code: .normalClosure) }
    }
  }
}
