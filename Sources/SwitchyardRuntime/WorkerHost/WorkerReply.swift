import SwitchyardWire

/// What a worker's handlers tell the coordinator, typed: a worker process frames it at its edge
/// (``FrameWriter``), a worker that reads jobs from a broker writes it as a stream entry, and
/// neither reads bytes back to learn what it was.
package enum WorkerReply: Sendable, Equatable {
  /// The worker's greeting.
  case hello(Hello)
  /// An output of a job, its JSON encoded once by the handler's encoder.
  case emit(EncodedEmit)
  /// A job completed.
  case finished(Finished)
  /// A job failed.
  case failed(Failed)
  /// The answer to a ping.
  case pong(Pong)
  /// Alive, and this busy.
  case heartbeat(Heartbeat)

  /// The attempt the reply ends, for a `finished` or `failed`.
  package var ending: (effect: EffectID, generation: UInt32)? {
    switch self {
    case let .finished(end): (end.effect, end.generation)
    case let .failed(end): (end.effect, end.generation)
    case .hello, .emit, .pong, .heartbeat: nil
    }
  }
}

extension WorkerReply: FrameAppending {
  func appendFrame(to bytes: inout [UInt8]) {
    switch self {
    case let .emit(emit): emit.appendFrame(to: &bytes)
    case let .finished(end): Finished.appendFrame(effect: end.effect, generation: end.generation, outputs: end.outputs, to: &bytes)
    case let .hello(hello): WorkerMessage.hello(hello).appendFrame(to: &bytes)
    case let .failed(failed): WorkerMessage.failed(failed).appendFrame(to: &bytes)
    case let .pong(pong): WorkerMessage.pong(pong).appendFrame(to: &bytes)
    case let .heartbeat(heartbeat): WorkerMessage.heartbeat(heartbeat).appendFrame(to: &bytes)
    }
  }

  /// Appends the reply's payload alone, without a frame header, for a transport with envelopes
  /// of its own.
  package func appendPayload(to bytes: inout [UInt8]) {
    switch self {
    case let .emit(emit):
      Emit.appendPayload(effect: emit.effect, generation: emit.generation, output: emit.output, sequence: emit.sequence, to: &bytes)
    case let .finished(end):
      Finished.appendPayload(effect: end.effect, generation: end.generation, outputs: end.outputs, to: &bytes)
    case let .hello(hello): bytes.append(contentsOf: WorkerMessage.hello(hello).encodedPayload())
    case let .failed(failed): bytes.append(contentsOf: WorkerMessage.failed(failed).encodedPayload())
    case let .pong(pong): bytes.append(contentsOf: WorkerMessage.pong(pong).encodedPayload())
    case let .heartbeat(heartbeat): bytes.append(contentsOf: WorkerMessage.heartbeat(heartbeat).encodedPayload())
    }
  }
}
