import ComposableArchitecture

/// The job executor replay reduces with when recovering a coordinator: runs nothing, but gives
/// each remote effect a reduction creates the identity it had when it was journaled, and builds it
/// as an effect that, if started again after recovery, runs it again only if it is still open,
/// past the outputs it delivered before.
struct RecoveringJobExecutor: JobExecutor {
  let recovery: EffectRecovery

  /// Fails: nothing runs during replay.
  func execute<Job: RemoteJob>(_ job: Job, emit: JobEmitter<Job.Output>) async throws {
    throw JobFailure(code: .unavailable, message: "A '\(Job.kind)' job was asked for while the journal was replayed.")
  }

  func effect<Job: RemoteJob, Action>(
    _ job: Job,
    transform: @escaping @Sendable (JobEvent<Job.Output>) -> Action?
  ) -> Effect<Action> {
    let identity = MainActor.assumeIsolated { recovery.nextIdentity() }
    return .handled { [recovery] handle in
      guard let delivered = recovery.deliveredOutputs(of: identity), let executor = recovery.executor else { return handle.end() }
      executor.resume(job, identity: identity, delivered: delivered, transform: transform, handle: handle)
    }
  }
}
