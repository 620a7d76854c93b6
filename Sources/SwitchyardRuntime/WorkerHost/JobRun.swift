import Synchronization
import SwitchyardWire

/// One run of a job in this worker: runs its handler, and writes what the handler emits and how
/// the job ended, numbered and behind the worker's fence.
///
/// One object per job holds everything the job's task and its ``JobContext``'s closures need, so
/// starting a job allocates it once instead of a closure context per way of reporting.
final class JobRun: Sendable {
  let effect: EffectID
  let generation: UInt32
  let attempt: Int
  let deliveredOutputs: Int
  private let job: RawJSON
  private let handler: AnyJobHandler
  private let session: WorkerSession
  /// The number the next output gets: outputs are numbered within their effect, so the
  /// coordinator can drop those an earlier attempt already delivered.
  private let nextSequence = Atomic<UInt64>(0)

  init(_ run: Run, handler: AnyJobHandler, session: WorkerSession) {
    effect = run.effect
    generation = run.generation
    attempt = run.attempt
    // Clamped: a `run` entry any Redis client can write named 2^63, which trapped every worker that took it.
    deliveredOutputs = Int(clamping: run.delivered ?? 0)
    job = run.job
    self.handler = handler
    self.session = session
  }

  /// Runs the handler, then writes how the job ended unless a cancel or an abort ended it first.
  func run() async {
    defer { session.liveTasks.decrement() }
    let outcome: WorkerReply
    do {
      try await handler.run(job, self)
      // The next number is how many outputs the effect has emitted: a coordinator that delivered
      // fewer lost the last ones, which no later output will show it.
      outcome = .finished(.init(effect: effect, generation: generation, outputs: nextSequence.load(ordering: .relaxed)))
      session.counters.increment(.runsFinished)
    } catch {
      outcome = failed(JobFailure(error))
      session.counters.increment(.runsFailed)
    }
    let writer = session.writer
    session.jobs.finish(effect: effect, generation: generation) { writer.enqueue(outcome) }
  }

  /// Numbers the next output `outputs`, when a handler resumes after outputs already delivered.
  func skip(to outputs: Int) {
    nextSequence.store(UInt64(max(0, outputs)), ordering: .relaxed)
  }

  /// Writes one output, encoded as JSON, while the job's generation is current; waits first while
  /// the coordinator is far behind. One too large for a frame fails the job instead.
  func emit(_ output: [UInt8]) async {
    let (writer, jobs, effect, generation) = (session.writer, session.jobs, effect, generation)
    guard output.count <= WorkerHost.maxOutputLength else { return abort(WorkerHost.outputTooLarge(output.count)) }
    while writer.pendingBytes > WorkerHost.highWaterMarkBytes, !Task.isCancelled {
      try? await Task.sleep(for: .milliseconds(1))
    }
    jobs.ifCurrent(effect: effect, generation: generation) {
      writer.enqueue(.emit(EncodedEmit(effect: effect, generation: generation, output: output, sequence: takeSequence())))
    }
  }

  /// Ends the job with `failure` while its generation is current, and cancels its task: nothing
  /// it does after counts.
  func abort(_ failure: JobFailure) {
    let (writer, ending) = (session.writer, failed(failure))
    session.jobs.abort(effect: effect, generation: generation) { writer.enqueue(ending) }
  }

  /// The `failed` that ends this attempt with `failure`.
  private func failed(_ failure: JobFailure) -> WorkerReply {
    .failed(.init(effect: effect, generation: generation, code: failure.code.rawValue, message: failure.message, retryable: failure.retryable))
  }

  /// Writes one output past the fence, as only the probe's misbehaviours do.
  func emitIgnoringCancellation(_ output: [UInt8]) {
    session.writer.enqueue(.emit(EncodedEmit(effect: effect, generation: generation, output: output, sequence: takeSequence())))
  }

  /// Adds `amount` to a handler's counter.
  func increment(_ counter: String, by amount: Int64) {
    session.counters.increment(counter, by: amount)
  }

  private func takeSequence() -> UInt64 {
    nextSequence.add(1, ordering: .relaxed).oldValue
  }
}
