import SwitchyardWire

/// A ``JobHandler`` that takes its job and gives its outputs as JSON, so the worker host can serve
/// any handler from frames.
struct AnyJobHandler: Sendable {
  /// How the host lets a running job report back.
  struct Sinks: Sendable {
    var attempt: Int
    var deliveredOutputs: Int
    var skip: @Sendable (Int) -> Void
    /// Takes one output, encoded once as JSON.
    var emit: @Sendable ([UInt8]) async -> Void
    var emitIgnoringCancellation: @Sendable ([UInt8]) -> Void
    var increment: @Sendable (String, Int64) -> Void
  }

  let kind: JobKind
  let run: @Sendable (_ job: RawJSON, _ sinks: Sinks) async throws -> Void

  init<Handler: JobHandler>(_ handler: Handler) {
    self.kind = handler.kind
    self.run = { json, sinks in
      let job: Handler.Job
      do {
        job = try json.decode(Handler.Job.self)
      } catch {
        throw JobFailure(code: .malformed, message: "Could not decode a '\(Handler.Job.kind)' job: \(error)")
      }
      var context = JobContext<Handler.Job.Output>(
        attempt: sinks.attempt,
        deliveredOutputs: sinks.deliveredOutputs,
        emit: { output in
          guard let bytes = try? WireJSONEncoder().encode(output) else { return }
          await sinks.emit(bytes)
        },
        increment: sinks.increment,
        skip: sinks.skip
      )
      context.emitIgnoringCancellation = { output in
        guard let bytes = try? WireJSONEncoder().encode(output) else { return }
        sinks.emitIgnoringCancellation(bytes)
      }
      try await handler.run(job, context: context)
    }
  }
}
