/// Tests eight bytes at once for the bytes JSON strings treat specially, so that runs of plain
/// text are skipped a word at a time when parsing and writing.
enum ByteScan {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highBits: UInt64 = 0x8080_8080_8080_8080

  @inline(__always)
  private static func hasZeroByte(_ word: UInt64) -> Bool {
    (word &- ones) & ~word & highBits != 0
  }

  /// Whether any byte is below 0x20, `"` or `\`: what a writer must escape.
  @inline(__always)
  static func needsEscape(_ word: UInt64) -> Bool {
    (word &- ones &* 0x20) & ~word & highBits != 0 || hasZeroByte(word ^ (ones &* 0x22))
      || hasZeroByte(word ^ (ones &* 0x5C))
  }

  /// Whether any byte needs a parser's attention: an escape, a quote, or a non-ASCII byte to validate.
  @inline(__always)
  static func needsAttention(_ word: UInt64) -> Bool {
    word & highBits != 0 || needsEscape(word)
  }

  @inline(__always)
  static func word(at pointer: UnsafePointer<UInt8>) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
  }
}
