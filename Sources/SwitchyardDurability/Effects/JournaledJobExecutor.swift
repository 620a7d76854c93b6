import ComposableArchitecture
import SwitchyardRuntime

/// The job executor of a journaled store: names each remote effect after the action whose
/// reduction creates it (an ``EffectIdentity``), runs it on the coordinator's pools, and journals
/// its end, so that a restarted coordinator knows which effects were still in flight.
///
/// ``JournaledReducer`` puts it in place of the coordinator's executor for the reductions it
/// journals; replay counts the effects each reduction creates the same way (``EffectRecovery``).
struct JournaledJobExecutor: JobExecutor {
  /// The coordinator's executor.
  let base: any JobExecutor
  let journal: ActionJournal

  /// Runs `job` unjournaled: an awaited job belongs to an effect, not to a reduction.
  func execute<Job: RemoteJob>(_ job: Job, emit: JobEmitter<Job.Output>) async throws {
    try await base.execute(job, emit: emit)
  }

  /// The coordinator's pools, each effect made on them named and observed by the journal: what
  /// ``Effect/remote(_:transform:)`` builds effects on, in the feature's module.
  ///
  /// Made once: every remote effect asks for it.
  let pools: PoolJobExecutor?

  init(base: any JobExecutor, journal: ActionJournal) {
    self.base = base
    self.journal = journal
    pools = base.pools?.observed(by: journal)
  }

  func effect<Job: RemoteJob, Action>(
    _ job: Job,
    transform: @escaping @Sendable (JobEvent<Job.Output>) -> Action?
  ) -> Effect<Action> {
    guard let pools else {
      // Not journaled, but named all the same, as replay names every remote effect.
      _ = journal.effectIdentities.next()
      return base.effect(job, transform: transform).labelled(job)
    }
    return pools.effect(job, transform: transform)
  }

  /// Starts again, for `handle`, the effect `identity` names, which was in flight when the
  /// coordinator stopped: a retryable job runs again, its first attempt told that `delivered`
  /// outputs were delivered already, whose repeats are dropped as for a retry; any other ends with
  /// ``JobFailure/Code/coordinatorRestarted``, delivered as its failure event.
  @MainActor
  func resume<Job: RemoteJob, Action>(
    _ job: Job,
    identity: EffectIdentity,
    delivered: UInt64,
    transform: @escaping @Sendable (JobEvent<Job.Output>) -> Action?,
    handle: EffectHandle<Action>
  ) {
    if job.isRetryable, let pools = base.pools {
      let effect = JournaledEffect(identity: identity, journal: journal)
      return pools.run(job, transform: transform, handle: handle, observer: effect, delivered: delivered)
    }
    let failure = JobFailure(
      code: .coordinatorRestarted,
      message: "The coordinator stopped while this '\(Job.kind)' job (effect \(identity)) ran; the job is not "
        + "retryable, so the restarted coordinator did not run it again."
    )
    let effect = JournaledEffect(identity: identity, journal: journal)
    // Started, if only to end: one never started journals its end again when it goes.
    effect.didStart()
    if let action = transform(.failed(failure)) { handle.send(action, metadata: effect.metadata(ofEndWith: failure)) }
    effect.didEnd(interrupted: false)
    handle.end()
  }
}
