import Foundation

extension JSONEncoder {
  /// How the upstream writes JSON: keys sorted, so that answers are byte-for-byte repeatable.
  static var upstream: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }
}
