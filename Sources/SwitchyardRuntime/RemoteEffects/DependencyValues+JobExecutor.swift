import ComposableArchitecture

/// Fails every job: the executor of a process with no coordinator and no override.
struct UnavailableJobExecutor: JobExecutor {
  let reason: String

  func execute<Job: RemoteJob>(_ job: Job, emit: JobEmitter<Job.Output>) async throws {
    throw JobFailure(code: .unavailable, message: "Cannot run a '\(Job.kind)' job: \(reason)")
  }
}

private enum JobExecutorKey: DependencyKey {
  static let liveValue: any JobExecutor = UnavailableJobExecutor(
    reason: "no coordinator runs this store. Start one with 'switchyard start', or set '$0.jobExecutor'."
  )

  static var testValue: any JobExecutor {
    UnimplementedJobExecutor()
  }
}

/// Reports a test failure when a test starts a remote job without choosing an executor.
private struct UnimplementedJobExecutor: JobExecutor {
  func execute<Job: RemoteJob>(_ job: Job, emit: JobEmitter<Job.Output>) async throws {
    reportIssue(
      #"Unimplemented: @Dependency(\.jobExecutor) ran a '\#(Job.kind)' job. Set "$0.jobExecutor = InProcessJobExecutor(…)" in the test."#
    )
    throw JobFailure(code: .unavailable, message: "No job executor in this test.")
  }
}

extension DependencyValues {
  /// Where remote jobs run: worker pools under a coordinator, an ``InProcessJobExecutor`` in tests.
  public var jobExecutor: any JobExecutor {
    get { self[JobExecutorKey.self] }
    set { self[JobExecutorKey.self] = newValue }
  }
}
