#if canImport(Glibc)
import Glibc
#endif

/// Numbers written for people: `1.2 ms`, `3m05s`, `4.1 KB`, `1,234`.
package enum HumanReadable {
  /// A latency given in microseconds: `850 µs`, `1.2 ms`, `3.40 s`.
  package static func latency(micros: Int64) -> String {
    switch micros {
    case ..<1_000: "\(micros) µs"
    case ..<100_000: fixed(Double(micros) / 1_000, digits: 1) + " ms"
    case ..<1_000_000: "\(micros / 1_000) ms"
    default: fixed(Double(micros) / 1_000_000, digits: 2) + " s"
    }
  }

  /// How long ago something happened, given in milliseconds: `80 ms`, `1.5 s`.
  package static func age(millis: Int64) -> String {
    millis < 1_000 ? "\(millis) ms" : fixed(Double(millis) / 1_000, digits: 1) + " s"
  }

  /// A span of seconds: `42s`, `3m05s`, `2h07m`, `3d04h`.
  package static func duration(seconds: Double) -> String {
    let total = Int(seconds.rounded(.down))
    let (days, hours, minutes, secs) = (total / 86_400, total / 3_600 % 24, total / 60 % 60, total % 60)
    if days > 0 { return "\(days)d" + twoDigits(hours) + "h" }
    if hours > 0 { return "\(hours)h" + twoDigits(minutes) + "m" }
    if minutes > 0 { return "\(minutes)m" + twoDigits(secs) + "s" }
    return "\(secs)s"
  }

  /// A size in bytes: `512 B`, `4.1 KB`, `2.0 MB` (powers of 1024).
  package static func bytes(_ count: Int) -> String {
    let units = ["B", "KB", "MB", "GB"]
    var value = Double(count)
    var unit = 0
    while value >= 1024, unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    return unit == 0 ? "\(count) B" : fixed(value, digits: 1) + " " + units[unit]
  }

  /// A rate or other measure with `digits` decimals: `1234.5`.
  package static func fixed(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "-" }
    let scale = pow(10, Double(digits))
    let scaled = Int64((abs(value) * scale).rounded())
    let whole = scaled / Int64(scale)
    let sign = value < 0 && scaled != 0 ? "-" : ""
    guard digits > 0 else { return sign + "\(whole)" }
    let fraction = String(scaled % Int64(scale))
    return sign + "\(whole)." + String(repeating: "0", count: digits - fraction.count) + fraction
  }

  /// A count with thousands separated: `12,345`.
  package static func count(_ value: some BinaryInteger) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result += "," }
      result.append(digit)
    }
    return (value < 0 ? "-" : "") + result
  }

  private static func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }
}
