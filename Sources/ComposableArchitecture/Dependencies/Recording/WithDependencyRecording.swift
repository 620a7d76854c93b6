/// Runs `operation` with the non-deterministic dependencies recording what they return, and
/// returns its result with the recording.
///
/// ```swift
/// let (effect, recording) = withDependencyRecording { reducer.reduce(into: &state, action: action) }
/// ```
public func withDependencyRecording<R>(
  operation: () throws -> R
) rethrows -> (value: R, recording: DependencyRecording) {
  let recorder = DependencyRecorder()
  let value = try DependencyValues.$_current.withValue(DependencyValues._current.recording(into: recorder), operation: operation)
  return (value, recorder.finish())
}

/// Runs `operation` with the non-deterministic dependencies answering `recording`, so a reduction
/// recorded with ``withDependencyRecording(operation:)`` reaches the same state again.
///
/// Throws ``DependencyReplayError`` when the reduction asked for other values than were recorded.
public func withDependencyReplay<R>(
  _ recording: DependencyRecording,
  operation: () throws -> R
) throws -> R {
  let replayer = DependencyReplayer(recording)
  let value = try DependencyValues.$_current.withValue(DependencyValues._current.replaying(replayer), operation: operation)
  try replayer.finish()
  return value
}
