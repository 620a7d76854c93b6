import ComposableArchitecture
import SwitchyardRuntime
import SwitchyardWire

/// The job executor a journal's actions are replayed with: runs nothing, but gives each remote
/// effect a reduction makes the identity it had when it was journaled, and builds it as an effect
/// that turns that effect's journaled events into actions again.
///
/// When recovering a coordinator, the effect, if started again after recovery, runs its job again
/// only if it is still open, past the outputs it delivered before.
struct ReplayJobExecutor: JobExecutor {
  /// The effects of the record being replayed, and the recovery the replay is part of (`nil` for
  /// history, whose effects never start).
  let target: ReplayReductions.Target

  /// Fails: nothing runs during replay.
  func execute<Job: RemoteJob>(_ job: Job, emit: JobEmitter<Job.Output>) async throws {
    throw JobFailure(code: .unavailable, message: "A '\(Job.kind)' job was asked for while the journal was replayed.")
  }

  func effect<Job: RemoteJob, Action>(
    _ job: Job,
    transform: @escaping @Sendable (JobEvent<Job.Output>) -> Action?
  ) -> Effect<Action> {
    let (effects, recovery) = (target.effects, target.recovery)
    let identity = effects.nextIdentity()
    return .handled(
      label: job,
      replay: { [effects] sink in
        effects.register(identity) { event in
          if let action = transform(try event.decode(JobEvent<Job.Output>.self)) { sink(action) }
        }
      },
      start: { [recovery] handle in
        guard let recovery, let delivered = recovery.deliveredOutputs(of: identity), let executor = recovery.executor else {
          return handle.end()
        }
        executor.resume(job, identity: identity, delivered: delivered, transform: transform, handle: handle)
      }
    )
  }
}
