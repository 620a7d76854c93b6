/// Worker → coordinator: one output of a running effect, which the coordinator turns into an action.
public struct Emit: Equatable, Sendable, Codable {
  /// The effect that produced the output.
  public var effect: EffectID
  /// The ``Run/generation`` of the job that produced it.
  public var generation: UInt32
  /// The output, in the shape the job kind defines.
  public var output: RawJSON
  /// The output's place among its effect's outputs, from 0, across attempts: the coordinator drops
  /// one it has already delivered. Absent from older workers, whose outputs are all delivered.
  public var sequence: UInt64?

  /// Creates an output message.
  public init(effect: EffectID, generation: UInt32, output: RawJSON, sequence: UInt64? = nil) {
    self.effect = effect
    self.generation = generation
    self.output = output
    self.sequence = sequence
  }
}
