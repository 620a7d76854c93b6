/// Coordinator → worker: finish or abandon running jobs and exit.
public struct Shutdown: Equatable, Sendable, Codable {
  /// Milliseconds the worker has before the coordinator kills it.
  public var graceMillis: Int64

  /// Creates a shutdown request.
  public init(graceMillis: Int64) { self.graceMillis = graceMillis }
}
