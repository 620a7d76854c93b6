extension Duration {
  /// The duration in seconds, with its fraction: the base unit every metric measures time in.
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
