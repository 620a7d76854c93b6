extension Duration {
  /// The duration in whole nanoseconds, as the journal's clocks (``SystemTime``) count; past
  /// `Int64`'s 292 years, the largest there is.
  package var wholeNanoseconds: Int64 {
    let (seconds, attoseconds) = components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !overflow else { return seconds < 0 ? .min : .max }
    let (total, overflowAgain) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
    return overflowAgain ? .max : total
  }
}
