import Foundation
import Synchronization
import SwitchyardNet

/// The `/feed` side of the upstream: its WebSocket clients, and a ticker that sends each of them a
/// ``FeedMessage`` at a steady rate.
final class FeedBroadcaster: Sendable {
  /// Every client connected to `/feed`.
  let subscribers = WebSocketGroup()
  private let ticker = Mutex<Task<Void, Never>?>(nil)

  /// Starts sending `rate` messages per second; a rate of 0 sends none.
  func start(rate: Double) {
    guard rate > 0 else { return }
    let interval = Duration.seconds(1 / rate)
    let task = Task { [subscribers] in
      let clock = ContinuousClock()
      var next = clock.now
      var sequence = 0
      while true {
        // A tick that fell behind (a slow client held up a broadcast) resumes from now instead of
        // sending a burst to catch up.
        next = max(next, clock.now - interval).advanced(by: interval)
        do {
          try await clock.sleep(until: next)
        } catch {
          return
        }
        sequence += 1
        let message = FeedMessage(sequence: sequence, date: Date())
        guard let json = try? JSONEncoder.upstream.encode(message) else { continue }
        await subscribers.broadcast(.text(String(decoding: json, as: UTF8.self)))
      }
    }
    ticker.withLock { $0 = task }
  }

  /// Stops the ticker and waits for its last broadcast to finish; clients stay connected.
  func stop() async {
    guard let task = ticker.withLock({ $0.take() }) else { return }
    task.cancel()
    await task.value
  }
}
