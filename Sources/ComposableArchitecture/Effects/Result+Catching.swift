extension Result where Failure == any Error {
  /// Runs an async throwing operation and captures its outcome: `await Result { try await client.fetch() }`.
  ///
  /// Effects use it to send success and failure through one action.
  public init(catching body: () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }
}
