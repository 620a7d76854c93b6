extension Task where Failure == Never {
  /// Suspends until the task is cancelled, then throws `CancellationError`: an effect that lasts as
  /// long as its feature, such as one that only holds a resource open.
  public static func never() async throws -> Success {
    let stream = AsyncStream<Success> { _ in }
    for await _ in stream {}
    throw Swift.CancellationError()
  }
}

extension Task where Success == Never, Failure == Never {
  /// Suspends until the task is cancelled, then throws `CancellationError`: the form
  /// `try await Task.never()` resolves to, returning nothing.
  public static func never() async throws {
    let stream = AsyncStream<Never> { _ in }
    for await _ in stream {}
    throw Swift.CancellationError()
  }
}
