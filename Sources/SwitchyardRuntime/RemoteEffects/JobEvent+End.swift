extension JobEvent {
  /// The event that ends a job which ended with `result`; `nil` for a cancelled job, which
  /// reports nothing more.
  ///
  /// The one mapping from how a job ended to what its effect sends, whichever executor ran it.
  @inlinable
  static func end(_ result: Result<Void, any Error>) -> JobEvent? {
    switch result {
    case .success: return .finished
    case .failure(is CancellationError): return nil
    case let .failure(error): return .failed(JobFailure(error))
    }
  }
}
