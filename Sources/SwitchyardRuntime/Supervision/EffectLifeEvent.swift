import SwitchyardWire

/// A step in one remote effect's life as the coordinator's router sees it: admitted, each attempt
/// on a worker, each output, a retry, the end.
///
/// What ``Coordinator/observeEffects(_:)`` reports, so a tool such as the web inspector can show
/// one effect's life and the failed effects with their errors; the router keeps none of it.
public enum EffectLifeEvent: Sendable {
  /// The effect was admitted with `job`, the JSON its workers are sent; `effect` is its id for
  /// the coordinator's life (never reused).
  case started(effect: UInt64, kind: JobKind, job: [UInt8])
  /// Attempt `number` (from 1) was dispatched to `worker`: a worker process, or a broker whose
  /// remote worker the coordinator does not know yet.
  case attempt(effect: UInt64, number: Int, worker: LinkPeer)
  /// An output arrived from the current attempt, as the JSON the worker wrote.
  case output(effect: UInt64, json: RawJSON)
  /// The attempt's worker was lost, for `reason`; the effect waits to be tried again.
  case retrying(effect: UInt64, reason: String)
  /// The effect ended.
  case ended(effect: UInt64, End)

  /// How an effect ended.
  public enum End: Sendable, Equatable {
    /// Its job finished.
    case finished
    /// It failed, with what a worker or the router said.
    case failed(JobFailure)
    /// It was cancelled.
    case cancelled
  }
}

extension EffectLifeEvent.End {
  /// The end an effect's result stands for.
  init(_ result: Result<Void, any Error>) {
    switch result {
    case .success: self = .finished
    case let .failure(error as JobFailure): self = .failed(error)
    case .failure(is CancellationError): self = .cancelled
    case let .failure(error): self = .failed(JobFailure(code: .handlerError, message: "\(error)"))
    }
  }
}
