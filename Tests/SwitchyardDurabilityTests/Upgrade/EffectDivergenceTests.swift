import ComposableArchitecture
import Foundation
import SwitchyardJournal
import SwitchyardTestSupport
import SwitchyardWire
import Testing

@testable import SwitchyardDurability
@testable import SwitchyardRuntime

/// A record lists the effects its action's reduction returned, and replay that returns others —
/// another job, one more effect — stops naming the action, unless told to accept it, which is
/// journaled.
@MainActor
@Suite struct EffectDivergenceTests {
  @Test func aSummaryListsEachEffectsKindJobAndCancellationIdAndReadsBackFromItsRecord() throws {
    let effect = Effect<Ledger.Action>.merge(
      .handled(label: Ledger.Count(value: 1)) { _ in }.cancellable(id: "count", cancelInFlight: true),
      .send(.add(2)),
      .concatenate(.run { _ in }.cancellable(id: Ledger.CancelID.timer), .cancel(id: 7)),
      .handled { _ in }
    )
    let summary = RecordedEffect.summary(of: effect.parts)
    // The job's JSON as its type encodes it.
    let job = CRC32C.checksum(Array(#"{"value":1}"#.utf8))
    #expect(
      summary == [
        .cancellable(id: "count", cancelInFlight: true, .remote(pool: "count", job: job)),
        .send,
        .cancellable(id: "SwitchyardDurabilityTests.Ledger.CancelID.timer", cancelInFlight: false, .run),
        .cancel(id: "7"),
        .handled,
      ]
    )
    #expect(RecordedEffect.summary(of: Effect<Ledger.Action>.handled(label: Ledger.Count(value: 2)) { _ in }.parts) != [summary[0]])
    #expect(Effect<Ledger.Action>.none.parts.isEmpty)

    var record = Array(#"{"action":{"add":{"_0":1}}}"#.utf8)
    try RecordedEffect.appendMember(summary, closing: &record, encoder: WireJSONEncoder())
    #expect(
      String(decoding: record, as: UTF8.self)
        == #"{"action":{"add":{"_0":1}},"effects":[{"kind":"remote","pool":"count","job":\#(job),"cancellable":"count","#
        + #""cancelInFlight":true},{"kind":"send"},{"kind":"run","cancellable":"SwitchyardDurabilityTests.Ledger.CancelID.timer"},"#
        + #"{"kind":"cancel","id":"7"},{"kind":"handled"}]}"#
    )
    let entry = try ReplayEntry<Ledger.Action>(parsing: record)
    #expect(entry.effects == summary)
    #expect(entry.action == .add(1))
  }

  @Test func aPrivateEnumsCancellationIdReadsTheSameInEveryProcess() {
    let text = RecordedEffect.text(of: PrivateCancelID.idleChecks)
    // The scope of a private type prints with an address, which moves from process to process.
    #expect(String(reflecting: PrivateCancelID.idleChecks).contains("unknown context at $"))
    #expect(!text.contains("unknown context"), "\(text)")
    #expect(text.hasSuffix("PrivateCancelID.idleChecks"), "\(text)")
  }

  private enum PrivateCancelID { case idleChecks }

  @Test func recordsWithAStateDigestListTheirEffectsNoneIncludedAndNoOthersDo() async throws {
    let directory = uniqueTemporaryPath("effects")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try await journalThenCrash(directory, Ledger(alsoSends: true), Ledger.State(), [.add(1), .add(2)])
    let payloads = try JournalHistory(directory: directory).records(from: 1).map { String(decoding: $0.payload, as: UTF8.self) }
    let actions = payloads.filter { $0.hasPrefix(#"{"action""#) }
    #expect(actions.count == 4, "\(payloads)")
    #expect(payloads.filter { $0.contains(#""effects""#) } == payloads.filter { $0.contains(#""stateDigest""#) }, "\(payloads)")
    // An idle journal digests every action, the first two always.
    let (add, note) = (actions[0], actions[1])
    #expect(add.contains(#""effects":[{"kind":"remote","pool":"count","job":"#) && add.contains(#"{"kind":"send"}]"#), "\(add)")
    #expect(note.contains(#""note""#) && note.contains(#""effects":[],"stateDigest""#), "\(note)")
  }

  @Test func effectsWhereADigestedRecordListsNoneDivergeAndARecordWithoutTheListComparesNone() async throws {
    let directory = uniqueTemporaryPath("effects")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try await journalThenCrash(directory, Ledger(), Ledger.State(), [.note])
    let passed = try JournalVerification.verify(directory: directory, replay: ActionReplay(Ledger()))
    #expect(passed.passed && passed.effects == 1, "\(passed)")
    let report = try JournalVerification.verify(directory: directory, replay: ActionReplay(Ledger(notesCount: true)))
    #expect(report.divergence?.kind == .effects, "\(report)")
    #expect(report.divergence?.actions.map(\.path) == ["note"])
    #expect(report.divergence?.diff?.contains(".remote") == true, "\(report)")

    // A digested record an older version wrote has no list, and compares no effects.
    let digest = #""stateDigest":{"crc32c":1,"length":2}"#
    #expect(try ReplayEntry<Ledger.Action>(parsing: Array(#"{"action":{"note":{}},\#(digest)}"#.utf8)).effects == nil)
    #expect(try ReplayEntry<Ledger.Action>(parsing: Array(#"{"action":{"note":{}},"effects":[],\#(digest)}"#.utf8)).effects == [])
  }

  @Test func anotherJobPayloadIsRefusedNamingTheActionThenAcceptedAndJournaled() async throws {
    let directory = uniqueTemporaryPath("effects")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try await journalThenCrash(directory, Ledger(), Ledger.State(), [.add(1), .add(2)])
    let (same, state) = try open(directory, Ledger(), Ledger.State())
    same.close()
    #expect(state.total == 3)

    let error = #expect(throws: JournalReplayError.self) { try open(directory, Ledger(jobBonus: 1), Ledger.State()) }
    guard case let .replayDiverged(divergence)? = error else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(divergence.kind == .effects)
    #expect(divergence.actions.map(\.path) == ["add"])
    #expect(divergence.sequence == divergence.actions.first?.sequence)
    let message = "\(divergence)"
    #expect(message.contains("other effects") && message.contains("--accept-divergence"), "\(message)")
    let recorded = RecordedEffect.digest(of: Ledger.Count(value: 1))
    let replayed = RecordedEffect.digest(of: Ledger.Count(value: 2))
    #expect(
      divergence.diff == """
          [
            [0]: .remote(
              pool: "count",
        -     job: \(recorded)
        +     job: \(replayed)
            )
          ]
        """
    )

    let log = LogLines()
    let (accepted, kept) = try open(directory, Ledger(jobBonus: 1), Ledger.State(), accepting: true, log: { log.append($0) })
    accepted.close()
    #expect(kept.total == 3)
    #expect(log.lines.contains { $0.contains("--accept-divergence") }, "\(log.lines)")
    let record = try #require(try newestDivergenceAccepted(in: directory))
    let payload = try WireJSONDecoder().parse(record.payload)
    #expect(payload[dottedPath: "divergenceAccepted.count"] == 2, "\(payload)")
    #expect(payload[dottedPath: "divergenceAccepted.divergences.0.kind"] == "effects", "\(payload)")
    // Its snapshot follows: the next start replays nothing and is not refused.
    let (next, again) = try open(directory, Ledger(jobBonus: 1), Ledger.State())
    next.close()
    #expect(again.total == 3)
  }

  @Test func oneMoreEffectFailsVerifyAtThatAction() async throws {
    let directory = uniqueTemporaryPath("effects")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try await journalThenCrash(directory, Ledger(), Ledger.State(), [.add(1), .add(2)])
    let passed = try JournalVerification.verify(directory: directory, replay: ActionReplay(Ledger()))
    #expect(passed.passed && passed.effects == 2, "\(passed)")
    let report = try JournalVerification.verify(directory: directory, replay: ActionReplay(Ledger(alsoSends: true)))
    #expect(!report.passed)
    #expect(report.divergence?.kind == .effects)
    #expect(report.divergence?.actions.map(\.path) == ["add"])
    #expect(report.divergence?.diff?.contains("+") == true && report.divergence?.diff?.contains(".send") == true, "\(report)")
  }
}

/// A total whose every `add` counts its value on a `count` worker too, which changes nothing; with
/// `jobBonus` it asks for another count, with `alsoSends` it sends a note as well, with `notesCount`
/// a note counts 0: the state is the same, the effects are not.
struct Ledger: Reducer {
  struct State: Codable, Equatable, Sendable {
    var total = 0
  }

  enum Action: Codable, Equatable, Sendable {
    case add(Int)
    case note
  }

  struct Count: RemoteJob {
    static let kind: JobKind = "count"
    typealias Output = Int
    var value: Int
  }

  enum CancelID { case timer }

  var jobBonus = 0
  var alsoSends = false
  var notesCount = false

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .add(value):
      state.total += value
      let count = Effect<Action>.remote(Count(value: value + jobBonus)) { _ in nil }
      return alsoSends ? .merge(count, .send(.note)) : count
    case .note:
      return notesCount ? .remote(Count(value: 0)) { _ in nil } : .none
    }
  }
}
