/// Why the inspector's history could not answer: no state that old, or no such effect kept.
enum InspectorHistoryError: Error, Equatable, CustomStringConvertible {
  /// History holds nothing as old as `sequence`.
  case tooOld(sequence: UInt64, oldest: UInt64?)
  /// The inspector keeps no life of effect `id`: it started before a page watched, or long ago.
  case effectForgotten(UInt64)

  var description: String {
    switch self {
    case let .tooOld(sequence, oldest?):
      return "History holds no state as old as action #\(sequence); the oldest it holds is after #\(oldest)."
    case let .tooOld(sequence, nil):
      return "History holds no state as old as action #\(sequence): it starts when the first page connects."
    case let .effectForgotten(id):
      return "The inspector keeps no life of effect \(id): it keeps the latest effects started while a page watched."
    }
  }
}
