/// The parameters of `GET /items?page=N&per_page=M`, validated.
struct ItemsQuery: Equatable, Sendable {
  /// The page, from 1.
  var page: Int
  /// Items per page, from 1 to the service's limit.
  var perPage: Int

  /// Reads both parameters from `value(name)`; a sentence naming the first bad parameter otherwise.
  static func parse(maxPerPage: Int, _ value: (String) -> String?) -> Result<ItemsQuery, ItemsQueryError> {
    let page = number("page", in: 1...1_000_000, value)
    let perPage = number("per_page", in: 1...maxPerPage, value)
    switch (page, perPage) {
    case (.success(let page), .success(let perPage)): return .success(ItemsQuery(page: page, perPage: perPage))
    case (.failure(let error), _), (_, .failure(let error)): return .failure(error)
    }
  }

  private static func number(_ name: String, in range: ClosedRange<Int>, _ value: (String) -> String?) -> Result<Int, ItemsQueryError> {
    guard let text = value(name) else { return .failure(.missing(name)) }
    guard let number = Int(text), range.contains(number) else { return .failure(.outOfRange(name, text, range)) }
    return .success(number)
  }
}
