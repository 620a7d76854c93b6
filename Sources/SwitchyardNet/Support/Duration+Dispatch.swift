import Dispatch

extension Duration {
  /// The duration as a Dispatch interval, for timers and waits that Dispatch schedules.
  var dispatchInterval: DispatchTimeInterval {
    let (seconds, attoseconds) = components
    return .nanoseconds(Int(clamping: seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
  }
}
