/// Which past states a ``HistorySource`` can give: what the slider ranges over.
public enum RetainedStates: Sendable, Equatable {
  /// Some states, by the sequence numbers of the actions that left them, oldest first: a ring of
  /// recent states, where the slider steps from one kept state to the next.
  case kept([UInt64])
  /// The state after every action in the range: a journal, where the slider's positions are
  /// sequence numbers.
  case every(ClosedRange<UInt64>)

  /// The oldest state's sequence number, if any is kept.
  public var oldest: UInt64? {
    switch self {
    case let .kept(sequences): sequences.first
    case let .every(range): range.lowerBound
    }
  }

  /// The first kept state at or after action `sequence`, if any.
  func first(atOrAfter sequence: UInt64) -> UInt64? {
    switch self {
    case let .kept(sequences): sequences.first { $0 >= sequence }
    case let .every(range): range.upperBound < sequence ? nil : max(sequence, range.lowerBound)
    }
  }
}
