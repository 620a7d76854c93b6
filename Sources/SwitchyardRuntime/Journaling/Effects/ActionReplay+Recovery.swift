import ComposableArchitecture
import SwitchyardJournal
import SwitchyardWire

extension ActionReplay {
  /// Applies `record` to `state` as ``apply(_:to:)`` does, and tells `recovery` which remote
  /// effects its action created, which effect's output it is and which effects' ends it journals.
  @MainActor
  func apply(_ record: JournalRecord, to state: inout Base.State, recovering recovery: EffectRecovery) throws(JournalReplayError) {
    let entry: RecoveryEntry<Base.Action>
    do {
      entry = try WireJSONDecoder().decode(RecoveryEntry<Base.Action>.self, from: record.payload)
    } catch {
      throw .undecodableRecord(sequence: record.sequence, reason: WireJSONDecoder.describe(error))
    }
    if let ended = entry.effectEnded { recovery.ended(ended.identity) }
    if let inFlight = entry.effectsInFlight {
      recovery.inFlight(inFlight.effects.map(\.identity), atSnapshot: inFlight.snapshot)
    }
    guard let action = entry.action else { return }
    if let outputOf = entry.outputOf { recovery.delivered(outputOf.identity) }
    recovery.willReplay(sequence: record.sequence)
    do {
      let effect = try withDependencies {
        $0.jobExecutor = RecoveringJobExecutor(recovery: recovery)
      } operation: {
        try withDependencyReplay(entry.dependencies ?? DependencyRecording()) { reducer.reduce(into: &state, action: action) }
      }
      recovery.replayed(sequence: record.sequence, action: action, effect: effect, state: Base.State.self)
      if let ended = entry.ended { recovery.ended(ended.identity) }
    } catch {
      throw .diverged(sequence: record.sequence, reason: "\(error)")
    }
  }
}
