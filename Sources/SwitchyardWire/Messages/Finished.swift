/// Worker → coordinator: a job completed and will emit nothing more.
public struct Finished: Equatable, Sendable, Codable {
  /// The effect whose job completed.
  public var effect: EffectID
  /// The ``Run/generation`` of that job.
  public var generation: UInt32

  /// Creates a completion message.
  public init(effect: EffectID, generation: UInt32) {
    self.effect = effect
    self.generation = generation
  }
}
