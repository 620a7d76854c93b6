import SwitchyardWire

/// An `emit` whose output a handler's encoder already wrote as JSON bytes, queued as it is.
package struct EncodedEmit: FrameAppending, Sendable, Equatable {
  /// The effect the output belongs to.
  package let effect: EffectID
  /// The attempt's generation.
  package let generation: UInt32
  /// The output, one complete JSON value.
  package let output: [UInt8]
  /// The output's number across attempts.
  package let sequence: UInt64

  init(effect: EffectID, generation: UInt32, output: [UInt8], sequence: UInt64) {
    self.effect = effect
    self.generation = generation
    self.output = output
    self.sequence = sequence
  }

  func appendFrame(to bytes: inout [UInt8]) {
    Emit.appendFrame(effect: effect, generation: generation, output: output, sequence: sequence, to: &bytes)
  }
}
