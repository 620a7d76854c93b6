/// Splits text into the lowercased words the index stores and queries look up.
enum SearchTokenizer {
  /// The runs of letters and digits in `text`, lowercased, in order.
  static func tokens(_ text: String) -> [String] {
    text.lowercased()
      .split(whereSeparator: { !($0.isLetter || $0.isNumber) })
      .map(String.init)
  }
}
