import Dispatch

extension Duration {
  /// The duration as a Dispatch interval, for the backoff's interruptible wait.
  var dispatchTimeInterval: DispatchTimeInterval {
    let (seconds, attoseconds) = components
    return .nanoseconds(Int(clamping: seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
  }
}
