import Foundation
import Testing
import SwitchyardDiagnostics
import SwitchyardWire
@testable import SwitchyardRuntime

/// The effect table's fence, as a pure value the supervisor drives.
@MainActor
struct EffectTableTests {
  @Test func onlyTheCurrentGenerationOnTheCurrentWorkerIsHeard() throws {
    let table = EffectTable()
    let record = RemoteEffectRecord(id: table.makeID(), request: try RemoteRequest(ProbeJob(tag: "t"))) { _ in }
    table.insert(record)
    let start = ContinuousClock.now
    table.begin(record, on: 1, at: start)
    #expect(table.current(record.id, generation: 1, from: 1) === record)

    // Retried on worker 2: the first attempt's frames are stale, from either worker.
    table.detach(record)
    table.begin(record, on: 2, at: start)
    #expect(record.attempt == 2)
    #expect(table.current(record.id, generation: 1, from: 1) == nil)
    #expect(table.current(record.id, generation: 1, from: 2) == nil)
    #expect(table.current(record.id, generation: 2, from: 1) == nil)
    #expect(table.current(record.id, generation: 2, from: 2) === record)
    #expect(table.staleFrames == 3)

    // Ended: nothing more is heard, and its deadline no longer expires.
    #expect(table.expired(at: start + .seconds(31)).map(\.id) == [record.id])
    table.remove(record.id)
    #expect(table.current(record.id, generation: 2, from: 2) == nil)
    #expect(table.expired(at: start + .seconds(31)).isEmpty)
  }

  @Test func expiredEffectsComeEarliestDeadlineFirstAndEqualOnesInTheOrderAdmitted() throws {
    let table = EffectTable()
    let start = ContinuousClock.now
    let request = try RemoteRequest(ProbeJob(tag: "t", queueTimeoutMillis: 100))
    let admitted = [300, 100, 100, 200].map { offset in
      let record = RemoteEffectRecord(id: table.makeID(), request: request) { _ in }
      table.insert(record, at: start + .milliseconds(offset))
      return record.id
    }

    #expect(table.expired(at: start + .seconds(1)).map(\.id) == [admitted[1], admitted[2], admitted[3], admitted[0]])
  }
}

/// What an effect makes of the outputs its workers number, and the ids effects get.
@MainActor
struct RemoteEffectOutputTests {
  /// An output numbered 2^64 − 1 overflowed the count of delivered outputs and trapped the
  /// coordinator; one past the next was delivered, and the outputs between lost without a word.
  @Test func anOutputPastTheNextIsAGapAndNeverDelivered() throws {
    var delivered: [String] = []
    let record = RemoteEffectRecord(id: 1, request: try RemoteRequest(ProbeJob(tag: "t"))) { event in
      if case let .output(json) = event { delivered.append("\(json.value)") }
    }
    try record.emit(RawJSON(.int(0)), sequence: 0)
    try record.emit(RawJSON(.int(0)), sequence: 0)
    #expect(throws: OutputGap.self) { try record.emit(RawJSON(.int(9)), sequence: .max) }
    #expect(throws: OutputGap.self) { try record.emit(RawJSON(.int(2)), sequence: 2) }
    try record.emit(RawJSON(.int(1)), sequence: 1)
    #expect(delivered == ["int(0)", "int(1)"])
    #expect(record.delivered == 2 && record.repeatsDropped == 1)
  }

  /// A `finished` saying more outputs were emitted than arrived lost the last ones (an operator
  /// trimmed the reply stream), which no later output shows: the effect ended without them.
  @Test func anAttemptThatFinishedAfterMoreOutputsThanArrivedIsAGap() throws {
    let record = RemoteEffectRecord(id: 1, request: try RemoteRequest(ProbeJob(tag: "t"))) { _ in }
    try record.emit(RawJSON(.int(0)), sequence: 0)
    try record.emit(RawJSON(.int(1)), sequence: 1)
    #expect(record.gap(finishedAfter: 4).map(\.sign) == .finished(outputs: 4))
    #expect(record.gap(finishedAfter: 4)?.expected == 2)
    #expect(record.gap(finishedAfter: 2) == nil, "every output arrived")
    #expect(record.gap(finishedAfter: nil) == nil, "an older worker does not say: as before")
    #expect(record.gap(finishedAfter: 1) == nil, "a retry that emitted fewer than an earlier attempt delivered lost none")
  }

  /// Effect ids from 1 in every coordinator let a restarted one's effects take its predecessor's
  /// outputs, still arriving from workers on the same streams, and its remembered cancels.
  @Test func aLaterCoordinatorsIdsStartPastAnEarlierOnesAndStayExactInJavaScript() {
    let start = Date()
    let first = EffectTable.firstID(now: start)
    let restarted = EffectTable.firstID(now: start.addingTimeInterval(0.002))
    #expect(restarted - first >= 8_000, "a coordinator restarted 2 ms later leaves its predecessor 8,000 ids")
    #expect(EffectTable.firstID(now: Date(timeIntervalSince1970: 3_755_289_600)) < 1 << 53, "2089 is still below 2^53")
    let table = EffectTable()
    #expect(table.makeID() + 1 == table.makeID())
  }
}
