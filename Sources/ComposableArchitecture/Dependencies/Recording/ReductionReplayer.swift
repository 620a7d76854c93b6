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
    try replayInForce(recording) { try DependencyValues.$_current.withValue(values, operation: operation) }
  }

  /// Runs `body` with the replaying dependencies in force, for reductions it replays with
  /// ``replayInForce(_:operation:)``: installed once for them all rather than around each, which
  /// cost a replay of small actions a twentieth of its time.
  public func whileInForce<T>(_ body: () throws -> T) rethrows -> T {
    try DependencyValues.$_current.withValue(values, operation: body)
  }

  /// Replays as ``replay(_:operation:)`` does, inside ``whileInForce(_:)``, whose dependencies
  /// the reduction runs with.
  public func replayInForce<R>(_ recording: DependencyRecording, operation: () throws -> R) throws -> R {
    replayer.restart(recording)
    let value = try operation()
    try replayer.finish()
    return value
  }
}
