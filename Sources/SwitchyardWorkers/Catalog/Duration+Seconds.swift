extension Duration {
  /// The duration in seconds, as Foundation's time intervals count.
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
