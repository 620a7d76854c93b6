/// Worker → coordinator: a job ended with an error and will emit nothing more.
public struct Failed: Equatable, Sendable, Codable {
  /// The effect whose job failed.
  public var effect: EffectID
  /// The ``Run/generation`` of that job.
  public var generation: UInt32
  /// A stable, machine-readable name for the failure, such as `"timeout"` or `"badJob"`.
  public var code: String
  /// A sentence for people reading logs.
  public var message: String
  /// Whether running the job again may succeed; the coordinator retries only these.
  public var retryable: Bool

  /// Creates a failure message.
  public init(effect: EffectID, generation: UInt32, code: String, message: String, retryable: Bool) {
    self.effect = effect
    self.generation = generation
    self.code = code
    self.message = message
    self.retryable = retryable
  }
}
