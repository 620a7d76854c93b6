/// Coordinator → worker: stop a job; advisory, since the coordinator already ignores its replies.
public struct Cancel: Hashable, Sendable, Codable {
  /// The effect to stop.
  public var effect: EffectID
  /// The ``Run/generation`` of the job to stop.
  public var generation: UInt32

  /// Creates a cancellation.
  public init(effect: EffectID, generation: UInt32) {
    self.effect = effect
    self.generation = generation
  }
}
