import SwitchyardWire

/// A ``JobHandler`` that takes its job and gives its outputs as JSON, so the worker host can serve
/// any handler from frames.
struct AnyJobHandler: Sendable {
  let kind: JobKind
  let run: @Sendable (_ job: RawJSON, _ jobRun: JobRun) async throws -> Void

  // Made once: each is a struct with a dictionary of user info, built anew on every call otherwise.
  private static let decoder = WireJSONDecoder()
  private static let encoder = WireJSONEncoder()

  init<Handler: JobHandler>(_ handler: Handler) {
    self.kind = handler.kind
    self.run = { json, jobRun in
      let job: Handler.Job
      do {
        job = try json.decode(Handler.Job.self, using: AnyJobHandler.decoder)
      } catch {
        throw JobFailure(code: .malformed, message: "Could not decode a '\(Handler.Job.kind)' job: \(error)")
      }
      var context = JobContext<Handler.Job.Output>(
        attempt: jobRun.attempt,
        deliveredOutputs: jobRun.deliveredOutputs,
        emit: { output in
          guard let bytes = AnyJobHandler.encode(output, of: Handler.Job.kind, for: jobRun) else { return }
          await jobRun.emit(bytes)
        },
        increment: { counter, amount in jobRun.increment(counter, by: amount) },
        skip: { outputs in jobRun.skip(to: outputs) }
      )
      context.emitIgnoringCancellation = { output in
        guard let bytes = AnyJobHandler.encode(output, of: Handler.Job.kind, for: jobRun) else { return }
        jobRun.emitIgnoringCancellation(bytes)
      }
      try await handler.run(job, context: context)
    }
  }

  /// `output` as JSON; `nil`, failing the job as `malformed`, when it cannot be encoded (a
  /// non-finite number, say): an output dropped without a word would leave the effect waiting
  /// for what never comes.
  private static func encode(_ output: some Encodable, of kind: JobKind, for jobRun: JobRun) -> [UInt8]? {
    do {
      return try encoder.encode(output)
    } catch {
      jobRun.abort(JobFailure(code: .malformed, message: "Could not encode an output of a '\(kind)' job: \(error)"))
      return nil
    }
  }
}
