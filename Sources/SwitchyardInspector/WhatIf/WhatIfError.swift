/// Why the inspector could not replay a "what if".
enum WhatIfError: Error, Equatable, CustomStringConvertible {
  /// The coordinator's inspector was started without a ``WhatIfReplay``.
  case unavailable
  /// The action to edit is not among the recent actions the inspector has seen.
  case unseen(sequence: UInt64)
  /// More actions than a replay may reduce.
  case tooLong(count: UInt64, limit: UInt64)
  /// The state or an action does not fit the application's types.
  case doesNotDecode(String)

  var description: String {
    switch self {
    case .unavailable:
      return "This inspector cannot replay: start it with a WhatIfReplay of the application's reducer, as switchyard start does."
    case let .unseen(sequence):
      return "Action #\(sequence) is not among the recent actions this inspector has seen; pick one from the list."
    case let .tooLong(count, limit):
      return "A replay of \(count) actions is too long; replay at most \(limit) after the edited one."
    case let .doesNotDecode(reason):
      return "The replay could not read its input: \(reason)"
    }
  }
}
