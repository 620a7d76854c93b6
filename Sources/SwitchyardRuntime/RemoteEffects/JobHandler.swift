/// The code that does one kind of job.
///
/// The same handler runs inside a worker process in production (registered with a ``WorkerHost``)
/// and in-process under a `TestStore` (through an ``InProcessJobExecutor``), so a feature's tests
/// exercise the real logic without starting a process.
///
/// ```swift
/// struct SearchHandler: JobHandler {
///   func run(_ job: SearchJob, context: JobContext<SearchResponse>) async throws {
///     context.increment("searchesExecuted")
///     await context.emit(index.search(job.query))
///   }
/// }
/// ```
public protocol JobHandler<Job>: Sendable {
  /// The job this handler does.
  associatedtype Job: RemoteJob

  /// Does `job`, emitting outputs through `context` as they are ready; returns when it is finished.
  ///
  /// Cancellation arrives as task cancellation: stop promptly and return or throw. Throw a
  /// ``JobFailure`` to choose the code the reducer sees; any other error becomes
  /// ``JobFailure/Code/handlerError``.
  ///
  /// In a worker it starts on the thread that reads the coordinator's frames and stays there until
  /// it first suspends, which spares a short job a thread wake. Meanwhile the worker reads nothing,
  /// pings included: computation longer than a few milliseconds should `await Task.yield()` now
  /// and then, and anything near the heartbeat timeout must.
  func run(_ job: Job, context: JobContext<Job.Output>) async throws
}

extension JobHandler {
  /// The kind of job this handler serves.
  public var kind: JobKind { Job.kind }
}
