extension HTTPRequest {
  /// Whether the request carries `token`, as `?token=` (what a browser can put on a URL) or
  /// `Authorization: Bearer` (what Prometheus sends); compared without stopping at the first
  /// difference, so timing does not reveal the token.
  public func carries(token: String) -> Bool {
    guard let given = queryValue("token") ?? bearerToken else { return false }
    let lhs = Array(given.utf8)
    let rhs = Array(token.utf8)
    var difference = UInt8(truncatingIfNeeded: lhs.count ^ rhs.count)
    for index in 0..<max(lhs.count, rhs.count) {
      difference |= (index < lhs.count ? lhs[index] : 0) ^ (index < rhs.count ? rhs[index] : 0)
    }
    return difference == 0
  }

  private var bearerToken: String? {
    guard let value = headers["Authorization"], value.lowercased().hasPrefix("bearer ") else { return nil }
    return String(value.dropFirst("bearer ".count))
  }
}
