import SwitchyardWire

/// An `emit` whose output a handler's encoder already wrote as JSON bytes, queued as it is.
struct EncodedEmit: FrameAppending {
  let effect: EffectID
  let generation: UInt32
  let output: [UInt8]
  let sequence: UInt64

  func appendFrame(to bytes: inout [UInt8]) {
    Emit.appendFrame(effect: effect, generation: generation, output: output, sequence: sequence, to: &bytes)
  }
}
