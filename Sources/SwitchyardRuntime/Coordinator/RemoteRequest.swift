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
  var queueTimeout: Duration?
  var affinityKey: String?

  /// A run frame is one level deeper and some bytes longer than its job: a job the worker would
  /// refuse to read fails here, as this effect's error, instead of breaking the worker's input.
  /// Made once, not per effect.
  private static let encoder = {
    var encoder = WireJSONEncoder()
    encoder.maxDepth = Run.maxJobDepth
    return encoder
  }()

  init<Job: RemoteJob>(_ job: Job) throws {
    self.kind = Job.kind
    self.job = try Self.encoder.encode(job)
    let limit = Run.maxJobLength(maxFrameLength: Frame.defaultMaxLength, kind: Job.kind.rawValue, affinity: job.affinityKey)
    guard self.job.count <= limit else { throw FrameError.lengthOverLimit(length: self.job.count, limit: limit) }
    self.isRetryable = job.isRetryable
    self.maxAttempts = job.maxAttempts
    self.timeout = job.timeout
    self.queueTimeout = job.queueTimeout
    self.affinityKey = job.affinityKey
  }
}
