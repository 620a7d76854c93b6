/// Why `GET /items` refused its query; the description is the 400 answer's `error`.
enum ItemsQueryError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The parameter was not given.
  case missing(String)
  /// The parameter was not an integer within the range.
  case outOfRange(String, String, ClosedRange<Int>)

  var description: String {
    switch self {
    case .missing(let name):
      return "The query parameter '\(name)' is missing; ask for /items?page=1&per_page=20."
    case .outOfRange(let name, let value, let range):
      return "The query parameter '\(name)' must be an integer from \(range.lowerBound) to \(range.upperBound); got '\(value)'."
    }
  }
}
