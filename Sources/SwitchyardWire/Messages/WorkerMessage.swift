/// A message between the coordinator and a worker, over the worker's stdin and stdout.
///
/// One message is one frame's payload: a JSON object whose `"type"` names the case and whose
/// other fields are the case's payload, flattened. `proto/PROTOCOL.md` defines each one.
public enum WorkerMessage: Equatable, Sendable {
  /// Both ways, first on the channel: the worker greets, the coordinator answers.
  case hello(Hello)
  /// Coordinator → worker: start a job.
  case run(Run)
  /// Worker → coordinator: an output of a job.
  case emit(Emit)
  /// Worker → coordinator: a job completed.
  case finished(Finished)
  /// Worker → coordinator: a job failed.
  case failed(Failed)
  /// Coordinator → worker: stop a job (advisory).
  case cancel(Cancel)
  /// Coordinator → worker: a liveness probe.
  case ping(Ping)
  /// Worker → coordinator: the answer to a probe.
  case pong(Pong)
  /// Worker → coordinator, unsolicited: alive, and this busy.
  case heartbeat(Heartbeat)
  /// Coordinator → worker: exit within a grace period.
  case shutdown(Shutdown)

  /// The message's `"type"` on the wire, such as `"run"`.
  public var typeName: String {
    switch self {
    case .hello: return "hello"
    case .run: return "run"
    case .emit: return "emit"
    case .finished: return "finished"
    case .failed: return "failed"
    case .cancel: return "cancel"
    case .ping: return "ping"
    case .pong: return "pong"
    case .heartbeat: return "heartbeat"
    case .shutdown: return "shutdown"
    }
  }

  /// Decodes one frame's payload.
  public init(payload: some Collection<UInt8>) throws(WireError) {
    self = try MessageCoding.decode(WorkerMessage.self, from: MessageCoding.parse(payload), frequent: WorkerMessage.frequent)
  }

  /// The JSON payload of this message, without a frame header.
  public func encodedPayload() -> [UInt8] {
    MessageCoding.encodedPayload(self)
  }

  /// Appends this message as a whole frame, header and payload, so several can share one write.
  public func appendFrame(to buffer: inout [UInt8]) {
    if case let .finished(finished) = self {
      return Finished.appendFrame(effect: finished.effect, generation: finished.generation, outputs: finished.outputs, to: &buffer)
    }
    MessageCoding.appendFrame(self, to: &buffer)
  }

  /// Appends this message as a whole frame unless its payload is empty or over `maxFrameLength`,
  /// which the receiver would refuse by closing the channel; `buffer` is then left as it was.
  ///
  /// Use it for messages carrying outside data (an `emit`'s output, a state slice), so that an
  /// oversized one fails alone instead of breaking the channel.
  public func appendFrame(to buffer: inout [UInt8], maxFrameLength: Int) throws(FrameError) {
    try MessageCoding.appendFrame(self, to: &buffer, maxFrameLength: maxFrameLength)
  }
}
