import ComposableArchitecture
import SwitchyardJournal

extension ActionReplay {
  /// Applies `record` to `state` as ``apply(_:to:)`` does, and tells `recovery` which remote
  /// effects its action created and which effects' ends it journals.
  @MainActor
  func apply(_ record: JournalRecord, to state: inout Base.State, recovering recovery: EffectRecovery) throws(JournalReplayError) {
    let action: Base.Action
    let dependencies: DependencyRecording
    switch try entry(record) {
    case let .action(recorded, recording):
      (action, dependencies) = (recorded, recording)
    case .other(EffectEndedRecord.kind):
      do {
        recovery.ended(try EffectEndedRecord.identity(in: record.payload))
      } catch {
        throw .undecodableRecord(sequence: record.sequence, reason: "\(error)")
      }
      return
    case .other:
      return
    }
    recovery.willReplay(sequence: record.sequence)
    do {
      let effect = try withDependencies {
        $0.jobExecutor = RecoveringJobExecutor(recovery: recovery)
      } operation: {
        try withDependencyReplay(dependencies) { reducer.reduce(into: &state, action: action) }
      }
      recovery.replayed(sequence: record.sequence, action: action, effect: effect, state: Base.State.self)
    } catch {
      throw .diverged(sequence: record.sequence, reason: "\(error)")
    }
  }
}
