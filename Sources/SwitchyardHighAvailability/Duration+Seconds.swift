extension Duration {
  /// The duration in seconds, as `Thread.sleep` and Dispatch's timeouts take it.
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
