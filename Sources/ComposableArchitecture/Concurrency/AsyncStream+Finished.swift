extension AsyncStream {
  /// A stream that ends at once, as swift-concurrency-extras' (which TCA re-exports): the usual
  /// default of a dependency endpoint that returns a stream.
  public static var finished: Self {
    Self { $0.finish() }
  }
}

extension AsyncThrowingStream where Failure == any Error {
  /// A stream that ends at once, with `error` if given, as swift-concurrency-extras'.
  public static func finished(throwing error: (any Error)? = nil) -> Self {
    Self { $0.finish(throwing: error) }
  }
}
