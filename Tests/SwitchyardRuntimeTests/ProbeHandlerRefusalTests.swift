import SwitchyardDiagnostics
import SwitchyardRuntime
import Testing

/// Found while fuzzing the control socket, whose number mutations send such jobs: a probe job
/// with a negative count, or a filler no frame holds, which any client may send, trapped its
/// worker on every attempt (the pool restarting it each time); the handler refuses it as `badJob`,
/// and the worker serves on.
@Suite struct ProbeHandlerRefusalTests {
  @Test(arguments: [
    ProbeJob(tag: "negative outputs", outputs: -1),
    ProbeJob(tag: "negative filler", payloadBytes: -5),
    ProbeJob(tag: "filler past a frame", payloadBytes: Int.max),
  ])
  func aJobNoWorkerCanRunFailsAsBadJobInsteadOfTrapping(job: ProbeJob) async throws {
    let executor = InProcessJobExecutor(ProbeHandler())
    let failure = await #expect(throws: JobFailure.self) { try await executor.execute(job, emit: JobEmitter { _ in }) }
    #expect(failure?.code == "badJob")
    #expect(failure?.retryable == false)
  }
}
