import SwitchyardWire

/// Runs jobs on the coordinator's worker pools: the `jobExecutor` a ``Coordinator`` installs for its
/// store.
struct PoolJobExecutor: JobExecutor {
  let runtime: RemoteRuntime

  func execute<Job: RemoteJob>(_ job: Job, emit: JobEmitter<Job.Output>) async throws {
    try await run(job, emit: emit)
  }

  /// Runs `job` on the main actor, where the runtime lives: an effect already there (every effect
  /// of the coordinator's store) calls this directly and makes no hop, where the protocol's
  /// nonisolated `execute` would leave the main actor and come back.
  @MainActor
  func run<Job: RemoteJob>(_ job: Job, emit: JobEmitter<Job.Output>) async throws {
    let request: RemoteRequest
    do {
      request = try RemoteRequest(job)
    } catch {
      throw JobFailure(code: .malformed, message: "Could not encode \(Job.self) for a worker: \(error)")
    }
    switch emit.sink {
    case let .mainActor(deliver):
      // The fast path: each batch of outputs reaches the reducer in the main actor turn it arrived.
      try await runtime.execute(request) { @MainActor value in
        deliver(try JSONValueCoding.decode(Job.Output.self, from: value))
      }
    case let .async(deliver):
      let (outputs, continuation) = AsyncStream.makeStream(of: Job.Output.self)
      let forwarder = Task {
        for await output in outputs { await deliver(output) }
      }
      defer { continuation.finish() }
      do {
        try await runtime.execute(request) { @MainActor value in
          continuation.yield(try JSONValueCoding.decode(Job.Output.self, from: value))
        }
        continuation.finish()
        await forwarder.value
      } catch {
        forwarder.cancel()
        throw error
      }
    }
  }
}
