import Testing
import SwitchyardDiagnostics
import SwitchyardWire

/// The probe job's wire form: only what differs from the defaults is written, and what is read
/// back is the job that was written.
@Suite struct ProbeJobCodingTests {
  @Test func aJobOfDefaultsIsWrittenAsItsTagAlone() throws {
    let bytes = try WireJSONEncoder().encode(ProbeJob(tag: "t"))
    #expect(String(decoding: bytes, as: UTF8.self) == #"{"tag":"t"}"#)
    #expect(try WireJSONDecoder().decode(ProbeJob.self, from: bytes) == ProbeJob(tag: "t"))
  }

  @Test func aJobWithEveryFieldSetReadsBackAsItWas() throws {
    let job = ProbeJob(
      tag: "all", outputs: 3, intervalMillis: 4, payloadBytes: 5, workMillis: 6, behavior: .hang, misbehaveAfter: 7,
      misbehaveThroughAttempt: 8, retryable: false, timeoutMillis: 9, affinity: "key", resumes: true
    )
    #expect(try WireJSONDecoder().decode(ProbeJob.self, from: WireJSONEncoder().encode(job)) == job)
  }

  @Test func nullsAndUnknownKeysReadAsAbsentAndATagIsRequired() throws {
    let sparse = #"{"outputs":null,"affinity":null,"bogus":1,"tag":"t","workMillis":30}"#
    #expect(try WireJSONDecoder().decode(ProbeJob.self, from: Array(sparse.utf8)) == ProbeJob(tag: "t", workMillis: 30))
    #expect(throws: (any Error).self) { try WireJSONDecoder().decode(ProbeJob.self, from: Array(#"{"outputs":2}"#.utf8)) }
  }
}
