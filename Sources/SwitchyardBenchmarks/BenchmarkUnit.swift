/// The unit of a measured value, which decides how the report prints it.
public enum BenchmarkUnit: String, Sendable, Codable {
  /// Nanoseconds per operation.
  case nanoseconds = "ns"
  /// A dimensionless ratio, such as our codec's speed over Foundation's.
  case ratio = "x"
  /// Bytes, such as a resident set size.
  case bytes = "B"
  /// Operations per second, such as remote effects completed.
  case perSecond = "/s"

  /// `value` with a unit scaled for people: `412 ns`, `1.84 µs`, `3.1×`, `41.2 MB`.
  func format(_ value: Double) -> String {
    switch self {
    case .nanoseconds:
      if value < 1_000 { return fixed(value, digits: value < 10 ? 2 : value < 100 ? 1 : 0) + " ns" }
      if value < 1_000_000 { return fixed(value / 1_000, digits: 2) + " µs" }
      return fixed(value / 1_000_000, digits: 2) + " ms"
    case .ratio:
      return fixed(value, digits: 2) + "×"
    case .bytes:
      return fixed(value / 1_048_576, digits: 1) + " MB"
    case .perSecond:
      if value < 1_000 { return fixed(value, digits: 0) + "/s" }
      if value < 1_000_000 { return fixed(value / 1_000, digits: 1) + "k/s" }
      return fixed(value / 1_000_000, digits: 2) + "M/s"
    }
  }
}

/// `value` with `digits` decimals, without Foundation's locale-dependent formatting.
func fixed(_ value: Double, digits: Int) -> String {
  guard value.isFinite else { return String(value) }
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let scaled = (abs(value) * scale).rounded()
  let whole = Int(scaled / scale)
  let fraction = Int(scaled - Double(whole) * scale)
  let sign = value < 0 && scaled > 0 ? "-" : ""
  guard digits > 0 else { return sign + String(whole) }
  let fractionText = String(fraction)
  return sign + String(whole) + "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
}
