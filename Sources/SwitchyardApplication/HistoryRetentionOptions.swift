/// `start`'s `--history-retention AGE` and `--history-max-size SIZE`: how long the journal is kept
/// for `history`, apart from the snapshots recovery needs (proto/JOURNAL.md, "Retention").
enum HistoryRetentionOptions {
  static let age = CommandOption.value(
    "--history-retention", "AGE",
    help: "Keep journal segments for history this long, e.g. 7d, 12h, 30m, or 'forever' (default: 7d)."
  )
  static let size = CommandOption.value(
    "--history-max-size", "SIZE",
    help: "Keep at most this much journal for history, e.g. 1GiB, 512MiB, or 'unlimited' (default: 1GiB)."
  )

  /// The retention the two options ask for, each defaulting to ``HistoryRetention``'s.
  static func retention(_ arguments: ParsedArguments) throws(UsageError) -> HistoryRetention {
    let defaults = HistoryRetention()
    return HistoryRetention(
      maximumAge: try arguments.value(age.name).map { text throws(UsageError) in try parseAge(text) } ?? defaults.maximumAge,
      maximumBytes: try arguments.value(size.name).map { text throws(UsageError) in try parseSize(text) } ?? defaults.maximumBytes
    )
  }

  private static let ageUnits: [Character: Int64] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
  private static let sizeUnits: [(suffix: String, bytes: Int)] = [("KiB", 1 << 10), ("MiB", 1 << 20), ("GiB", 1 << 30), ("TiB", 1 << 40), ("B", 1)]

  /// `forever`, or a whole number and a unit: s, m, h or d.
  static func parseAge(_ text: String) throws(UsageError) -> Duration? {
    if text == "forever" { return nil }
    guard let unit = text.last.flatMap({ ageUnits[$0] }), let count = Int64(text.dropLast()), count >= 0,
      count <= Int64.max / 1_000_000_000 / unit
    else {
      throw .invalidValue(name: age.name, value: text, expected: "a whole number of s, m, h or d (7d), or 'forever'")
    }
    return .seconds(count * unit)
  }

  /// `unlimited`, or a whole number of bytes, optionally in KiB, MiB, GiB or TiB; `option` is the
  /// option it was given to, for the message.
  static func parseSize(_ text: String, option: String = size.name) throws(UsageError) -> Int? {
    if text == "unlimited" && option == size.name { return nil }
    let unit = sizeUnits.first { text.hasSuffix($0.suffix) }
    guard let count = Int(unit.map { text.dropLast($0.suffix.count) } ?? text[...]), count >= 0,
      count <= Int.max / (unit?.bytes ?? 1)
    else {
      throw .invalidValue(name: option, value: text, expected: "a whole number of bytes, KiB, MiB, GiB or TiB (1GiB)")
    }
    return count * (unit?.bytes ?? 1)
  }

}
