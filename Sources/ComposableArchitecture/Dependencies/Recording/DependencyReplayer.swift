import Foundation
import Synchronization

/// Feeds a ``DependencyRecording`` back to the dependencies that made it, so reducing the same
/// action again yields the same state.
///
/// A reduction that asks for more than was recorded, or for less, has diverged from the one that
/// was recorded; ``finish()`` says so. After it, the dependencies pass through to those they wrap,
/// as the effects a replayed reduction returns must see live values when they run.
public final class DependencyReplayer: Sendable {
  private struct State {
    var remaining: DependencyRecording
    var isFinished = false
    var exhausted: Set<String> = []
  }

  private let state: Mutex<State>

  /// Creates a replayer of `recording`.
  public init(_ recording: DependencyRecording) {
    self.state = Mutex(State(remaining: Self.reversed(recording)))
  }

  /// Replays `recording` from its start, as a new replayer would: for ``ReductionReplayer``, which
  /// keeps one replayer, and the dependencies built around it, from reduction to reduction.
  func restart(_ recording: DependencyRecording) {
    let remaining = Self.reversed(recording)
    state.withLock { state in
      // Most reductions ask for nothing: their state is reset in place, not built anew and swapped.
      if remaining.isEmpty && state.remaining.isEmpty && state.exhausted.isEmpty {
        state.isFinished = false
      } else {
        state = State(remaining: remaining)
      }
    }
  }

  /// `recording` reversed, so each value is taken from the end in constant time.
  private static func reversed(_ recording: DependencyRecording) -> DependencyRecording {
    guard !recording.isEmpty else { return recording }
    var remaining = recording
    remaining.uuids.reverse()
    remaining.dates.reverse()
    remaining.randomWords.reverse()
    remaining.continuousClockReadings.reverse()
    remaining.suspendingClockReadings.reverse()
    return remaining
  }

  /// Stops replaying; throws if the reduction asked for other values than were recorded.
  public func finish() throws(DependencyReplayError) {
    let (remaining, exhausted) = state.withLock {
      $0.isFinished = true
      return ($0.remaining, $0.exhausted)
    }
    // The common case, checked before the lists below are built for every replayed reduction.
    guard !remaining.isEmpty || !exhausted.isEmpty else { return }
    if let dependency = exhausted.sorted().first { throw .exhausted(dependency: dependency) }
    let unused = [
      ("uuid", remaining.uuids.count), ("date", remaining.dates.count),
      ("withRandomNumberGenerator", remaining.randomWords.count),
      ("continuousClock", remaining.continuousClockReadings.count),
      ("suspendingClock", remaining.suspendingClockReadings.count),
    ]
    if let (dependency, count) = unused.first(where: { $0.1 > 0 }) {
      throw .unused(dependency: dependency, count: count)
    }
  }

  func next<Value>(_ dependency: String, _ values: WritableKeyPath<DependencyRecording, [Value]> & Sendable) -> Value? {
    state.withLock { state -> Value? in
      guard !state.isFinished else { return nil }
      guard let value = state.remaining[keyPath: values].popLast() else {
        state.exhausted.insert(dependency)
        return nil
      }
      return value
    }
  }
}

extension DependencyValues {
  /// These dependencies, with `uuid`, `date`, `withRandomNumberGenerator` and the clocks' `now`
  /// answering what `replayer` recorded.
  public func replaying(_ replayer: DependencyReplayer) -> DependencyValues {
    let base = self
    var values = self
    values.uuid = UUIDGenerator { replayer.next("uuid", \.uuids) ?? base.uuid() }
    values.date = DateGenerator { replayer.next("date", \.dates) ?? base.date.now }
    values.withRandomNumberGenerator = WithRandomNumberGenerator(ReplayingRandomNumberGenerator(base: base, replayer: replayer))
    values.continuousClock = replayingClock(wrapping: base.continuousClock) {
      replayer.next("continuousClock", \.continuousClockReadings)
    }
    values.suspendingClock = replayingClock(wrapping: base.suspendingClock) {
      replayer.next("suspendingClock", \.suspendingClockReadings)
    }
    return values
  }
}

/// Answers recorded words, then those of the wrapped dependencies' generator.
private struct ReplayingRandomNumberGenerator: RandomNumberGenerator {
  let base: DependencyValues
  let replayer: DependencyReplayer

  mutating func next() -> UInt64 {
    replayer.next("withRandomNumberGenerator", \.randomWords) ?? base.withRandomNumberGenerator { $0.next() }
  }
}
