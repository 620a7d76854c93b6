import SwitchyardRuntime
import SwitchyardWorkers

/// Serves ``FeedJob``s from a stream the test feeds: connects at once, relays each message, and
/// counts `feedsCancelled` when its effect is cancelled.
struct FeedTestHandler: JobHandler {
  let messages: AsyncStream<String>

  func run(_ job: FeedJob, context: JobContext<FeedEvent>) async throws {
    await context.emit(.connected)
    for await message in messages {
      await context.emit(.messageReceived(message))
    }
    if Task.isCancelled {
      context.increment("feedsCancelled")
      throw CancellationError()
    }
  }
}
