import SwitchyardWire

/// A message that knows how to append its own frame to a buffer, as both wire message types do.
protocol FrameAppending {
  func appendFrame(to bytes: inout [UInt8])
}

extension WorkerMessage: FrameAppending {}
extension ControlMessage: FrameAppending {}
