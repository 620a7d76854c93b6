import SwitchyardRuntime
/// The runtime's own diagnostic job: emits outputs on a schedule and, on request, misbehaves the way
/// real workers do — crashing, hanging, writing garbage — so supervision can be tested and measured
/// without any feature's code.
///
/// `switchyard worker probe` serves it with ``ProbeHandler``; `switchyard bench` times it.
public struct ProbeJob: RemoteJob, Equatable {
  /// How the worker misbehaves once it has emitted ``misbehaveAfter`` outputs.
  public enum Behavior: String, Codable, Sendable {
    /// Emit every output and finish.
    case normal
    /// Throw a ``JobFailure`` with code `probeFailed`.
    case fail
    /// Exit the worker process with status 3.
    case crash
    /// Stop the worker process with `SIGSTOP`: it answers nothing, heartbeats included.
    case hang
    /// Write a frame that is not a message to standard output.
    case garbage
    /// Write a well-formed object that is no message (`{"type":"teleport"}`) and carry on: the
    /// coordinator logs and drops it.
    case strangeMessage
    /// Write 1,000 mutated frames (see `MutatedFrames`) and carry on, if the coordinator lets it.
    case mutatedFrames
    /// Close standard output and keep running.
    case closeOutput
    /// Keep emitting after a cancel, past the worker's own fence, as a buggy worker would.
    case ignoreCancellation
  }

  /// One output per emitted value.
  public typealias Output = ProbeOutput

  /// The runtime's diagnostic pool: `switchyard worker probe`.
  public static let kind: JobKind = "probe"

  /// Echoed in every output, to tell runs apart.
  public var tag: String
  /// How many outputs to emit.
  public var outputs: Int
  /// The pause before each output, in milliseconds.
  public var intervalMillis: Int
  /// Bytes of filler in each output, to measure throughput by size.
  public var payloadBytes: Int
  /// Milliseconds of CPU the job burns before its first output, without suspending: on a worker's
  /// reading thread, so a worker does one such job at a time and CPU-bound throughput scales with
  /// the pool's workers, up to the machine's cores.
  public var workMillis: Int
  /// What to do after ``misbehaveAfter`` outputs.
  public var behavior: Behavior
  /// How many outputs to emit before misbehaving.
  public var misbehaveAfter: Int
  /// The last attempt that misbehaves; later attempts run normally, so a retry can succeed.
  public var misbehaveThroughAttempt: Int
  /// Whether the job may be retried when its worker dies.
  public var retryable: Bool
  /// The start-to-close timeout in milliseconds; `nil` for none.
  public var timeoutMillis: Int?
  /// How long an attempt may wait for a worker in milliseconds; `nil` for no limit but the timeout.
  public var queueTimeoutMillis: Int?
  /// Runs with the same affinity go to the same worker while it lives; `nil` for none.
  public var affinity: String?
  /// Whether a retried attempt resumes after the outputs already delivered (``JobContext/resume()``)
  /// instead of emitting from the start.
  public var resumes: Bool

  /// Creates a probe job.
  public init(
    tag: String,
    outputs: Int = 1,
    intervalMillis: Int = 0,
    payloadBytes: Int = 0,
    workMillis: Int = 0,
    behavior: Behavior = .normal,
    misbehaveAfter: Int = 0,
    misbehaveThroughAttempt: Int = 1,
    retryable: Bool = true,
    timeoutMillis: Int? = 30_000,
    queueTimeoutMillis: Int? = nil,
    affinity: String? = nil,
    resumes: Bool = false
  ) {
    self.tag = tag
    self.outputs = outputs
    self.intervalMillis = intervalMillis
    self.payloadBytes = payloadBytes
    self.workMillis = workMillis
    self.behavior = behavior
    self.misbehaveAfter = misbehaveAfter
    self.misbehaveThroughAttempt = misbehaveThroughAttempt
    self.retryable = retryable
    self.timeoutMillis = timeoutMillis
    self.queueTimeoutMillis = queueTimeoutMillis
    self.affinity = affinity
    self.resumes = resumes
  }

  /// ``retryable``.
  public var isRetryable: Bool { retryable }

  /// ``timeoutMillis`` as a duration.
  public var timeout: Duration? { timeoutMillis.map { .milliseconds($0) } }

  /// ``queueTimeoutMillis`` as a duration.
  public var queueTimeout: Duration? { queueTimeoutMillis.map { .milliseconds($0) } }

  /// ``affinity``.
  public var affinityKey: String? { affinity }
}

extension ProbeJob {
  private enum CodingKeys: String, CodingKey {
    case tag, outputs, intervalMillis, payloadBytes, workMillis, behavior, misbehaveAfter, misbehaveThroughAttempt
    case retryable, timeoutMillis, queueTimeoutMillis, affinity, resumes
  }

  /// Encodes `tag` and only the fields that differ from their defaults, the mirror of
  /// ``init(from:)``: the usual probe job is `{"tag":"…"}`, cheap to write and to read on the
  /// worker. A `nil` timeout is left out, as before, and reads back as the default.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    let defaults = ProbeJob(tag: "")
    try container.encode(tag, forKey: .tag)
    if outputs != defaults.outputs { try container.encode(outputs, forKey: .outputs) }
    if intervalMillis != defaults.intervalMillis { try container.encode(intervalMillis, forKey: .intervalMillis) }
    if payloadBytes != defaults.payloadBytes { try container.encode(payloadBytes, forKey: .payloadBytes) }
    if workMillis != defaults.workMillis { try container.encode(workMillis, forKey: .workMillis) }
    if behavior != defaults.behavior { try container.encode(behavior, forKey: .behavior) }
    if misbehaveAfter != defaults.misbehaveAfter { try container.encode(misbehaveAfter, forKey: .misbehaveAfter) }
    if misbehaveThroughAttempt != defaults.misbehaveThroughAttempt {
      try container.encode(misbehaveThroughAttempt, forKey: .misbehaveThroughAttempt)
    }
    if retryable != defaults.retryable { try container.encode(retryable, forKey: .retryable) }
    if timeoutMillis != defaults.timeoutMillis { try container.encodeIfPresent(timeoutMillis, forKey: .timeoutMillis) }
    try container.encodeIfPresent(queueTimeoutMillis, forKey: .queueTimeoutMillis)
    try container.encodeIfPresent(affinity, forKey: .affinity)
    if resumes != defaults.resumes { try container.encode(resumes, forKey: .resumes) }
  }

  /// Decodes a job in which every field but `tag` may be left out, so one is easy to type by hand
  /// (`switchyard send`).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let defaults = ProbeJob(tag: "")
    self.init(
      tag: try container.decode(String.self, forKey: .tag),
      outputs: try container.decodeIfPresent(Int.self, forKey: .outputs) ?? defaults.outputs,
      intervalMillis: try container.decodeIfPresent(Int.self, forKey: .intervalMillis) ?? defaults.intervalMillis,
      payloadBytes: try container.decodeIfPresent(Int.self, forKey: .payloadBytes) ?? defaults.payloadBytes,
      workMillis: try container.decodeIfPresent(Int.self, forKey: .workMillis) ?? defaults.workMillis,
      behavior: try container.decodeIfPresent(Behavior.self, forKey: .behavior) ?? defaults.behavior,
      misbehaveAfter: try container.decodeIfPresent(Int.self, forKey: .misbehaveAfter) ?? defaults.misbehaveAfter,
      misbehaveThroughAttempt: try container.decodeIfPresent(Int.self, forKey: .misbehaveThroughAttempt)
        ?? defaults.misbehaveThroughAttempt,
      retryable: try container.decodeIfPresent(Bool.self, forKey: .retryable) ?? defaults.retryable,
      timeoutMillis: try container.decodeIfPresent(Int.self, forKey: .timeoutMillis) ?? defaults.timeoutMillis,
      queueTimeoutMillis: try container.decodeIfPresent(Int.self, forKey: .queueTimeoutMillis),
      affinity: try container.decodeIfPresent(String.self, forKey: .affinity),
      resumes: try container.decodeIfPresent(Bool.self, forKey: .resumes) ?? defaults.resumes
    )
  }
}
