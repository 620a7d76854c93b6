import ComposableArchitecture
import SwitchyardJournal
import Testing

@testable import SwitchyardRuntime

/// An effect's end carried in the record before it (`endedAfter`) closes the effect as an
/// `effectEnded` record of its own does, after the record's action made it.
@Suite struct EffectEndsTests {
  @Test func endsARecordCarriesCloseTheirEffectsAfterItsActionMadeThem() throws {
    let replay = ActionReplay(Ledger())
    let recovery = EffectRecovery()
    let effects = ReplayedEffects()
    var state = Ledger.State()
    let carrying = #"{"action":{"add":{"_0":1}},"endedAfter":[{"action":1,"index":0}]}"#
    _ = try replay.apply(Self.record(1, carrying), to: &state, effects: effects, recovery: recovery, skipped: [])
    _ = try replay.apply(Self.record(2, #"{"action":{"add":{"_0":2}}}"#), to: &state, effects: effects, recovery: recovery, skipped: [])
    #expect(state.total == 3)
    #expect(recovery.deliveredOutputs(of: EffectIdentity(action: 1, index: 0)) == nil)
    #expect(recovery.deliveredOutputs(of: EffectIdentity(action: 2, index: 0)) == 0)
    // A skipped record's ends still count.
    let skippedCarrying = #"{"action":{"add":{"_0":3}},"endedAfter":[{"action":2,"index":0}]}"#
    _ = try replay.apply(Self.record(3, skippedCarrying), to: &state, effects: effects, recovery: recovery, skipped: [3])
    #expect(state.total == 3)
    #expect(recovery.deliveredOutputs(of: EffectIdentity(action: 2, index: 0)) == nil)
  }

  private static func record(_ sequence: UInt64, _ payload: String) -> JournalRecord {
    JournalRecord(sequence: sequence, timestampNanoseconds: 0, payload: Array(payload.utf8))
  }
}
