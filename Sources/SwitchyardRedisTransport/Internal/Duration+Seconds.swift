extension Duration {
  /// The duration in seconds, for `Thread.sleep`.
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) * 1e-18
  }
}
