import ComposableArchitecture

extension Effect {
  /// An effect that runs `job` on the worker pool for its kind and feeds its events back as actions.
  ///
  /// Compose it like any effect — `.cancellable(id:cancelInFlight:)`, `.merge`, `.concatenate`. Once
  /// it is cancelled, nothing the worker still emits reaches the reducer. Return `nil` from
  /// `transform` for events the feature does not care about. Where the job runs is the
  /// `@Dependency(\.jobExecutor)`: worker processes under a ``Coordinator``, an
  /// ``InProcessJobExecutor`` in tests.
  ///
  /// ```swift
  /// return .remote(SearchJob(query: query)) { .searchEvent($0) }
  ///   .cancellable(id: CancelID.search, cancelInFlight: true)
  /// ```
  public static func remote<Job: RemoteJob>(
    _ job: Job,
    transform: @escaping @Sendable (JobEvent<Job.Output>) -> Action?
  ) -> Self {
    @Dependency(\.jobExecutor) var executor
    if let pools = executor as? PoolJobExecutor {
      // Under a coordinator the runtime reports on the main actor: no task needs to wait for it.
      return .handled { handle in pools.start(job, handle: handle, transform: transform) }
    }
    return .run { send in
      let event: JobEvent<Job.Output>
      let emit = JobEmitter<Job.Output>(mainActor: { output in
        guard let action = transform(.output(output)) else { return }
        send(action)
      })
      do {
        try await executor.execute(job, emit: emit)
        event = .finished
      } catch is CancellationError {
        return
      } catch let failure as JobFailure {
        event = .failed(failure)
      } catch {
        event = .failed(JobFailure(code: .handlerError, message: "\(error)"))
      }
      guard let action = transform(event) else { return }
      await send(action)
    }
  }
}
