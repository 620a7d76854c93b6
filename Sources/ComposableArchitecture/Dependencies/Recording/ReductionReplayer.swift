/// Replays recorded dependency values, reduction after reduction, building the replaying
/// dependencies once rather than for every action as ``withDependencyReplay(_:operation:)`` does.
///
/// For a replay of many reductions, such as a journal's: the dependencies in force when it is
/// created are the ones replayed through, and every reduction runs with them.
public final class ReductionReplayer: Sendable {
  private let replayer = DependencyReplayer(DependencyRecording())
  private let values: DependencyValues

  /// Creates a replayer over the dependencies in force now.
  public init() {
    values = DependencyValues._current.replaying(replayer)
  }

  /// Runs `operation` — one reduction — with the dependencies answering `recording`.
  ///
  /// Throws ``DependencyReplayError`` when the reduction asked for other values than were recorded.
  public func replay<R>(_ recording: DependencyRecording, operation: () throws -> R) throws -> R {
    replayer.restart(recording)
    let value = try DependencyValues.$_current.withValue(values, operation: operation)
    try replayer.finish()
    return value
  }
}
