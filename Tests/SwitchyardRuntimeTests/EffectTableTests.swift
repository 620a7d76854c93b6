import Testing
import SwitchyardDiagnostics
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
