extension Duration {
  /// The duration in whole microseconds, the unit latencies are kept in.
  var microseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
  }
}
