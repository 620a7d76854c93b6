extension Duration {
  /// The duration in whole milliseconds, clamped to Int64's range: a job's timeout is its sender's
  /// to choose (a client's `timeoutMillis` of Int64.min, say), and the time left of one so far
  /// gone, in a `run`'s `deadlineMillis`, overflowed the multiplication and stopped the coordinator.
  package var milliseconds: Int64 {
    let (seconds, attoseconds) = components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000)
    let (sum, overflowAgain) = whole.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
    guard overflow || overflowAgain else { return sum }
    return seconds < 0 ? .min : .max
  }
}
