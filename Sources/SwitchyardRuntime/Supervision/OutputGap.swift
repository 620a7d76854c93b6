/// An output numbered past the next one its effect expects: the outputs between were lost on the
/// way (a reply Redis refused, a writer that skipped numbers), so the attempt is run again from the
/// first one missing rather than delivered with a hole.
struct OutputGap: Error, CustomStringConvertible {
  /// The number of the output the effect expected next.
  let expected: UInt64
  /// The number the worker gave this output.
  let received: UInt64

  var description: String {
    // Read after "The", as the reason an attempt was lost.
    "attempt skipped outputs (output \(received) arrived when \(expected) was next; those between were lost on the way)"
  }
}
