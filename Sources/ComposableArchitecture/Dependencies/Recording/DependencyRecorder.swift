import Foundation
import Synchronization

/// Collects what the non-deterministic dependencies return while an action is reduced.
///
/// Effects keep the dependencies in force when the reducer returned them, so they keep this
/// recorder's dependencies too; once ``finish()`` is called those pass values through unrecorded.
public final class DependencyRecorder: Sendable {
  private struct State {
    /// `nil` until a dependency returns something: most reductions ask for nothing, and an empty
    /// recording would still be copied and destroyed, all five lists of it, for each.
    var recording: DependencyRecording?
    var isFinished = false
    /// The one thread recorded from, when ``restart()`` bound it; any thread otherwise.
    var thread: pthread_t?
  }

  private let state = Mutex(State())

  /// Creates an empty recorder.
  public init() {}

  /// Stops recording and returns what was recorded.
  public func finish() -> DependencyRecording {
    finishIfRecorded() ?? DependencyRecording()
  }

  /// Stops recording and returns what was recorded, `nil` when nothing was.
  func finishIfRecorded() -> DependencyRecording? {
    state.withLock {
      $0.isFinished = true
      return $0.recording
    }
  }

  /// Empties the recording and records again, from the calling thread only: a reduction runs on
  /// one thread, and calls from others come from effects of earlier reductions.
  public func restart() {
    let thread = pthread_self()
    state.withLock { $0 = State(thread: thread) }
  }

  func record(_ update: (inout DependencyRecording) -> Void) {
    let thread = pthread_self()
    state.withLock { state in
      guard !state.isFinished else { return }
      if let bound = state.thread, pthread_equal(bound, thread) == 0 { return }
      var recording = state.recording.take() ?? DependencyRecording()
      update(&recording)
      state.recording = recording
    }
  }
}

extension DependencyValues {
  /// These dependencies, with `uuid`, `date`, `withRandomNumberGenerator` and the clocks' `now`
  /// recording what they return into `recorder`.
  ///
  /// For a store that holds its own dependencies; ``withDependencyRecording(operation:)`` does the
  /// same for the dependencies in force.
  public func recording(into recorder: DependencyRecorder) -> DependencyValues {
    let base = self
    var values = self
    // The wrapped values are read when used, not now: reading an unimplemented test dependency is
    // itself reported, and a reduction that never asks for one must not be blamed for it.
    values.uuid = UUIDGenerator {
      let uuid = base.uuid()
      recorder.record { $0.uuids.append(uuid) }
      return uuid
    }
    values.date = DateGenerator {
      let date = base.date.now
      recorder.record { $0.dates.append(date) }
      return date
    }
    values.withRandomNumberGenerator = WithRandomNumberGenerator(
      RecordingRandomNumberGenerator(base: base, recorder: recorder)
    )
    values.continuousClock = recordingClock(wrapping: base.continuousClock) { offset in
      recorder.record { $0.continuousClockReadings.append(offset) }
    }
    values.suspendingClock = recordingClock(wrapping: base.suspendingClock) { offset in
      recorder.record { $0.suspendingClockReadings.append(offset) }
    }
    return values
  }
}

/// Draws words from the wrapped dependencies' generator and records each.
private struct RecordingRandomNumberGenerator: RandomNumberGenerator {
  let base: DependencyValues
  let recorder: DependencyRecorder

  mutating func next() -> UInt64 {
    let word = base.withRandomNumberGenerator { $0.next() }
    recorder.record { $0.randomWords.append(word) }
    return word
  }
}
