/// Worker → coordinator: a job completed and will emit nothing more.
public struct Finished: Equatable, Sendable, Codable {
  /// The effect whose job completed.
  public var effect: EffectID
  /// The ``Run/generation`` of that job.
  public var generation: UInt32
  /// How many outputs the effect had emitted, across attempts, when this attempt finished: the
  /// ``Emit/sequence`` its next output would have had. A coordinator that delivered fewer lost the
  /// last ones on the way, which no later output can show. Absent from older workers: unknown.
  public var outputs: UInt64?

  /// Creates a completion message.
  public init(effect: EffectID, generation: UInt32, outputs: UInt64? = nil) {
    self.effect = effect
    self.generation = generation
    self.outputs = outputs
  }
}
