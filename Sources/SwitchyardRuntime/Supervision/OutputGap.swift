/// Outputs of an effect lost on the way (a reply Redis refused, a writer that skipped numbers, an
/// operator's trim of the reply stream): an output numbered past the next one the effect expects,
/// or a `finished` saying more were emitted than arrived. The attempt is run again from the first
/// one missing rather than delivered with a hole, or ended without its last outputs.
struct OutputGap: Error, CustomStringConvertible {
  /// What showed the gap.
  enum Sign: Equatable {
    /// An output arrived with this number.
    case output(sequence: UInt64)
    /// The attempt finished saying the effect had emitted this many outputs.
    case finished(outputs: UInt64)
  }

  /// The number of the output the effect expected next: how many it has delivered.
  let expected: UInt64
  /// What the worker said that the outputs delivered fall short of.
  let sign: Sign

  var description: String {
    // Read after "The", as the reason an attempt was lost.
    switch sign {
    case let .output(received):
      "attempt skipped outputs (output \(received) arrived when \(expected) was next; those between were lost on the way)"
    case let .finished(outputs):
      "attempt finished after \(outputs) outputs when \(expected) had arrived (the last were lost on the way)"
    }
  }
}
