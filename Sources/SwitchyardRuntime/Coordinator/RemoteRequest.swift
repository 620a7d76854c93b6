import SwitchyardWire

/// A job as the coordinator sees it: its kind, its JSON, and its type's retry and timeout rules.
struct RemoteRequest: Sendable {
  var kind: JobKind
  var job: JSONValue
  var isRetryable: Bool
  var maxAttempts: Int
  var timeout: Duration?

  init<Job: RemoteJob>(_ job: Job) throws {
    self.kind = Job.kind
    self.job = try JSONValueCoding.encode(job)
    self.isRetryable = job.isRetryable
    self.maxAttempts = job.maxAttempts
    self.timeout = job.timeout
  }
}
