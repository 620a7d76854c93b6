import SwitchyardWire

/// A job as the coordinator sees it: its kind, its JSON, its type's retry and timeout rules, and
/// the key that keeps it on one worker.
struct RemoteRequest: Sendable {
  var kind: JobKind
  /// The job encoded once, as the JSON every attempt's `run` frame carries.
  var job: [UInt8]
  var isRetryable: Bool
  var maxAttempts: Int
  var timeout: Duration?
  var affinityKey: String?

  init<Job: RemoteJob>(_ job: Job) throws {
    self.kind = Job.kind
    self.job = try WireJSONEncoder().encode(job)
    self.isRetryable = job.isRetryable
    self.maxAttempts = job.maxAttempts
    self.timeout = job.timeout
    self.affinityKey = job.affinityKey
  }
}
