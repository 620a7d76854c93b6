import SwitchyardRuntime
import SwitchyardWire

/// One remote effect's life as the inspector saw it: its job, each attempt and the worker it ran
/// on, its outputs, its retries and its end, with wall-clock times in milliseconds since 1970.
struct EffectLife: Sendable, Encodable {
  /// An attempt dispatched to a worker: a process (`pid`), or a broker for remote workers (`broker`).
  struct Attempt: Sendable, Encodable {
    var number: Int
    var pid: Int32?
    var broker: String?
    var at: Double

    init(number: Int, worker: LinkPeer, at: Double) {
      self.number = number
      self.at = at
      switch worker {
      case let .process(pid): self.pid = pid
      case let .broker(name): self.broker = name
      }
    }
  }

  /// A lost attempt, to be tried again.
  struct Retry: Sendable, Encodable {
    var reason: String
    var at: Double
  }

  /// How the effect ended.
  struct End: Sendable, Encodable {
    var outcome: String
    var code: String?
    var message: String?
    var at: Double
  }

  /// The most bytes of a job or an output kept for a page: a person reads the start of it.
  static let keptBytes = 4_096
  /// How many of the latest outputs are kept.
  static let keptOutputs = 3

  var id: UInt64
  var kind: String
  /// The action whose reduction started it, when a page was watching then.
  var startedAfter: UInt64?
  var startedAt: Double
  var job: KeptJSON
  var attempts: [Attempt] = []
  var retries: [Retry] = []
  var outputs = 0
  var outputBytes = 0
  var latestOutputs: [KeptJSON] = []
  var end: End?

  /// Waiting for a worker, running, finished, failed or cancelled.
  var state: String {
    end?.outcome ?? (attempts.isEmpty || attempts.count == retries.count ? "waiting" : "running")
  }

  private enum Key: String, CodingKey {
    case id, kind, state, startedAfter, startedAt, job, attempts, retries, outputs, outputBytes, latestOutputs, end
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(id, forKey: .id)
    try container.encode(kind, forKey: .kind)
    try container.encode(state, forKey: .state)
    try container.encodeIfPresent(startedAfter, forKey: .startedAfter)
    try container.encode(startedAt, forKey: .startedAt)
    try container.encode(job, forKey: .job)
    try container.encode(attempts, forKey: .attempts)
    try container.encode(retries, forKey: .retries)
    try container.encode(outputs, forKey: .outputs)
    try container.encode(outputBytes, forKey: .outputBytes)
    try container.encode(latestOutputs, forKey: .latestOutputs)
    try container.encodeIfPresent(end, forKey: .end)
  }

  /// The life as a row of a list: no job, no outputs.
  var summary: Summary {
    Summary(
      id: id, kind: kind, state: state, startedAfter: startedAfter, startedAt: startedAt,
      attempts: attempts.count, lost: retries.count, pid: attempts.last?.pid, broker: attempts.last?.broker, outputs: outputs,
      endedAt: end?.at, code: end?.code, message: end?.message
    )
  }

  /// One line of the effects list.
  struct Summary: Sendable, Encodable {
    var id: UInt64
    var kind: String
    var state: String
    var startedAfter: UInt64?
    var startedAt: Double
    var attempts: Int
    /// Attempts lost with their worker.
    var lost: Int
    /// The latest attempt's worker: a process, or a broker.
    var pid: Int32?
    var broker: String?
    var outputs: Int
    var endedAt: Double?
    var code: String?
    var message: String?
  }
}

/// The start of some JSON as received: shown as JSON when kept whole, else as text cut short.
struct KeptJSON: Sendable, Encodable {
  var bytes: [UInt8]
  var total: Int

  init(_ bytes: some Collection<UInt8>) {
    total = bytes.count
    self.bytes = Array(bytes.prefix(EffectLife.keptBytes))
  }

  private enum Key: String, CodingKey { case json, text, bytes }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    if total == bytes.count, let json = try? WireJSONDecoder().parse(bytes) {
      try container.encode(json, forKey: .json)
    } else {
      try container.encode(String(decoding: bytes, as: UTF8.self) + "…", forKey: .text)
    }
    try container.encode(total, forKey: .bytes)
  }
}
