import Foundation
import Synchronization

/// Records what the non-deterministic dependencies return, reduction after reduction, building
/// the recording dependencies once rather than for every action as
/// ``withDependencyRecording(operation:)`` does.
///
/// For a caller whose dependencies stay the same from one reduction to the next, such as a store's
/// root reducer: the dependencies in force at the first reduction are the ones recorded through.
/// Effects keep them, as they keep any dependencies; what they ask for on other threads, or
/// between reductions, passes through unrecorded.
public final class ReductionRecorder: Sendable {
  private let recorder = DependencyRecorder()
  private let values = Mutex<DependencyValues?>(nil)

  /// Creates a recorder that has recorded nothing yet.
  public init() {}

  /// Runs `operation` — one reduction, on one thread — recording what the dependencies returned.
  public func record<R>(_ operation: () throws -> R) rethrows -> (value: R, recording: DependencyRecording) {
    let value = try DependencyValues.$_current.withValue(start(), operation: operation)
    return (value, recorder.finish())
  }

  /// Runs `operation` — one reduction, on one thread — and returns what the dependencies returned.
  ///
  /// For a caller in unspecialised generic code: returning nothing, it costs no metadata lookup
  /// for a result type. `nil` when the dependencies were asked nothing.
  public func record(_ operation: () -> Void) -> DependencyRecording? {
    DependencyValues.$_current.withValue(start(), operation: operation)
    return recorder.finishIfRecorded()
  }

  /// `base` with its non-deterministic dependencies recording into this recorder: for a store to
  /// hold as its own, so that each reduction is recorded with ``recordInForce(_:)`` and nothing is
  /// installed around it.
  public func dependencies(recordingFrom base: DependencyValues) -> DependencyValues {
    base.recording(into: recorder)
  }

  /// Runs `operation` — one reduction, on one thread, with ``dependencies(recordingFrom:)`` in force
  /// already — and returns what the dependencies returned, `nil` when they were asked nothing.
  public func recordInForce(_ operation: () -> Void) -> DependencyRecording? {
    recorder.restart()
    operation()
    return recorder.finishIfRecorded()
  }

  /// The recording dependencies, made at the first reduction, with the recorder restarted.
  private func start() -> DependencyValues {
    let values = self.values.withLock { values in
      if let values { return values }
      let recording = DependencyValues._current.recording(into: recorder)
      values = recording
      return recording
    }
    recorder.restart()
    return values
  }
}
