import ComposableArchitecture
import Foundation
import SwitchyardDiagnostics
import SwitchyardJournal
import SwitchyardTestSupport
import SwitchyardWire
import Testing

@testable import SwitchyardDurability
@testable import SwitchyardRuntime

/// A remote effect's outputs and end are journaled as the events themselves when the effect was
/// made after the newest snapshot, and as the actions they became when it was made before it;
/// replay from a snapshot rebuilds the same state from both, with real workers.
@MainActor
@Suite(.serialized)
struct EffectEventRecordTests {
  @Test func eventsOfEffectsMadeAfterTheNewestSnapshotAreJournaledAsEventsAndReplayAsTheirActions() async throws {
    let directory = uniqueTemporaryPath("effect-events")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let live = try await withTimeout(120, "effects around a snapshot") {
      // Snapshots only when told: the one after action 2, taken while "old" (made by action 1)
      // runs, so "old"'s events are journaled as actions. "new" is made after it: its events are
      // journaled as events.
      let lifetime = try JournaledLifetime(dataDirectory: directory, policy: SnapshotPolicy(everyActions: nil, every: nil))
      lifetime.coordinator.store.send(
        .start(name: "old", job: ProbeJob(tag: "o", outputs: 2, intervalMillis: 300), cancelInFlight: false)
      )
      lifetime.coordinator.store.send(.cancel(name: "nothing"))
      lifetime.journal.snapshot(lifetime.coordinator.store.state)
      try await eventually("the snapshot") { lifetime.journal.journal.status.snapshotSequence == 2 }
      lifetime.coordinator.store.send(.start(name: "new", job: ProbeJob(tag: "n", outputs: 2), cancelInFlight: false))
      try await lifetime.waitForRun("new") { $0.outcome == .finished }
      try await lifetime.waitForRun("old") { $0.outcome == .finished }
      let state = lifetime.coordinator.store.state
      await lifetime.crash()
      return state
    }
    #expect(live.runs["new"]?.outputs == [0, 1])

    let history = try JournalHistory(directory: directory)
    let records = try history.records()
    let payloads = records.map { String(decoding: $0.payload, as: UTF8.self) }
    let events = payloads.filter { $0.hasPrefix(#"{"effectEvent":"#) }
    let madeNew = try #require(records.first { String(decoding: $0.payload, as: UTF8.self).contains(#""name":"new","job""#) })
    // Two outputs and the end of "new", and nothing of "old".
    #expect(events.count == 3, "\(payloads)")
    #expect(events.allSatisfy { $0.hasPrefix(#"{"effectEvent":{"action":\#(madeNew.sequence),"index":0},"event":"#) }, "\(events)")
    #expect(events.last?.contains(#""event":{"finished":{}}"#) == true, "\(events)")
    #expect(payloads.filter { $0.contains(#""outputOf":{"action":1,"index":0}"#) }.count == 2, "\(payloads)")

    // From the snapshot after action 2, as history replays: "old"'s events are actions of their
    // own, and "new"'s are rebuilt through the effect that replaying action 4 makes again.
    let replay = ActionReplay(ProbeFeature())
    let effects = ReplayedEffects()
    var rebuiltEvents: [ProbeFeature.Action] = []
    let state = try history.state(
      at: records.last!.sequence,
      initial: { ProbeFeature.State() },
      restore: { try replay.state($0) },
      apply: { state, record in
        let entry = try replay.apply(record, to: &state, effects: effects)
        if case let .action(action, _) = entry, String(decoding: record.payload, as: UTF8.self).hasPrefix(#"{"effectEvent""#) {
          rebuiltEvents.append(action)
        }
      }
    )
    #expect(state == live)
    #expect(rebuiltEvents.count == 3)
    #expect(rebuiltEvents.last == .event(name: "new", tag: "n", .finished))
  }

  /// An event of an effect replay never made cannot be rebuilt: replay stops naming the record,
  /// rather than skipping an action and rebuilding another state.
  @Test func anEventOfAnEffectReplayDidNotMakeStopsReplay() throws {
    let record = JournalRecord(
      sequence: 9, timestampNanoseconds: 0,
      payload: Array(#"{"effectEvent":{"action":4,"index":0},"event":{"finished":{}}}"#.utf8)
    )
    var state = ProbeFeature.State()
    #expect {
      _ = try ActionReplay(ProbeFeature()).apply(record, to: &state, effects: ReplayedEffects())
    } throws: { error in
      guard case let .diverged(sequence, reason) = error as? JournalReplayError else { return false }
      return sequence == 9 && reason.contains("remote effect 4#0")
    }
  }
}
