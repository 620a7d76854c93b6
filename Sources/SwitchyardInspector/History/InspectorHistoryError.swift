/// Why history could not give a state.
enum InspectorHistoryError: Error, Equatable, CustomStringConvertible {
  /// History holds nothing as old as `sequence`.
  case tooOld(sequence: UInt64, oldest: UInt64?)

  var description: String {
    switch self {
    case let .tooOld(sequence, oldest?):
      return "History holds no state as old as action #\(sequence); the oldest it holds is after #\(oldest)."
    case let .tooOld(sequence, nil):
      return "History holds no state as old as action #\(sequence): it starts when the first page connects."
    }
  }
}
