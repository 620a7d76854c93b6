import ComposableArchitecture
import SwitchyardTestSupport

extension SeededRandomNumberGenerator {
  /// `reply` with one thing done to it that a broken or hostile server might do, and the name of
  /// what was done, for a failure to say.
  mutating func mutate(reply: [UInt8]) -> ([UInt8], String) {
    var bytes = reply
    switch Int.random(in: 0..<12, using: &self) {
    case 0:
      flipBits(in: &bytes)
      return (bytes, "bit flips")
    case 1:
      replaceByte(in: &bytes)
      return (bytes, "random byte")
    case 2:
      let range = randomRange(in: bytes)
      bytes.removeSubrange(range)
      return (bytes.isEmpty ? [UInt8(ascii: " ")] : bytes, "bytes \(range) removed")
    case 3:
      let range = randomRange(in: bytes)
      bytes.insert(contentsOf: bytes[range], at: Int.random(in: 0...bytes.count, using: &self))
      return (bytes, "bytes \(range) duplicated")
    case 4:
      let at = Int.random(in: 0...bytes.count, using: &self)
      let inserted = (0..<Int.random(in: 1...8, using: &self)).map { _ in UInt8.random(in: 0...255, using: &self) }
      bytes.insert(contentsOf: inserted, at: at)
      return (bytes, "random bytes inserted at \(at)")
    case 5:
      return (Array(bytes.prefix(Int.random(in: 1..<max(2, bytes.count), using: &self))), "truncated")
    case 6:
      // A header's length or count replaced: the server lies about what follows.
      guard let header = headers(in: bytes).randomElement(using: &self) else { return (bytes, "unchanged") }
      let lie = Self.lyingLengths.randomElement(using: &self)!
      bytes.replaceSubrange(header, with: lie.utf8)
      return (bytes, "length at \(header.lowerBound) now \(lie)")
    case 7:
      let levels = [31, 32, 33, 100, 100_000].randomElement(using: &self)!
      let (prefix, name) = Self.nestings.randomElement(using: &self)!
      return (Array(repeating: Array(prefix.utf8), count: levels).flatMap { $0 } + bytes, "\(levels) levels of \(name)")
    case 8:
      // CR or LF dropped, or the two swapped, at one line's end.
      let ends = bytes.indices.dropLast().filter { bytes[$0] == 13 && bytes[$0 + 1] == 10 }
      guard let end = ends.randomElement(using: &self) else { return (bytes, "unchanged") }
      switch Int.random(in: 0..<3, using: &self) {
      case 0: bytes.remove(at: end)
      case 1: bytes.remove(at: end + 1)
      default: bytes.swapAt(end, end + 1)
      }
      return (bytes, "line end at \(end) broken")
    case 9, 10:
      // A strange value where a value may start; an aggregate then holds one more than it says.
      let starts = [0] + bytes.indices.dropLast().filter { bytes[$0] == 10 }.map { $0 + 1 }
      let at = starts.randomElement(using: &self)!
      let value = Self.strangeValues.randomElement(using: &self)!
      bytes.insert(contentsOf: value.utf8, at: at)
      return (bytes, "\(value.debugDescription) at \(at)")
    default:
      let garbage = (0..<Int.random(in: 1...16, using: &self)).map { _ in Self.respBytes.randomElement(using: &self)! }
      return (bytes + garbage, "RESP-ish garbage after")
    }
  }

  /// Up to 16 bytes somewhere in `bytes`, never empty.
  private mutating func randomRange(in bytes: [UInt8]) -> Range<Int> {
    let start = Int.random(in: bytes.indices, using: &self)
    return start..<min(bytes.count, start + Int.random(in: 1...16, using: &self))
  }

  /// Where each length or count in `bytes` is written: after a `$ = ! * ~ > % |` at a line's
  /// start, up to the CR.
  private func headers(in bytes: [UInt8]) -> [Range<Int>] {
    let starts = [0] + bytes.indices.dropLast().filter { bytes[$0] == 10 }.map { $0 + 1 }
    return starts.compactMap { start in
      guard start < bytes.count, Array("$=!*~>%|".utf8).contains(bytes[start]) else { return nil }
      let end = bytes[(start + 1)...].firstIndex(of: 13) ?? bytes.count
      return (start + 1)..<end
    }
  }

  static let lyingLengths = [
    "999999999", "-5", "2147483648", "-2", "-1", "0", "67108865", "16777217", "8388608", "9223372036854775807",
    "9223372036854775808", "-9223372036854775808", "99999999999999999999", "?", "", "1a", "+1", "-0", " 1", "0x10",
    "\u{0663}", "1.5",
  ]

  /// What a nesting repeats before the reply: each element holds the next.
  static let nestings = [
    ("*1\r\n", "arrays"), ("%1\r\n+k\r\n", "maps"), ("~1\r\n", "sets"), (">1\r\n", "pushes"), ("|0\r\n", "empty attributes"),
    ("|1\r\n+a\r\n:1\r\n", "attributes"), ("%1\r\n", "map keys"),
  ]

  static let strangeValues = [
    ":99999999999999999999\r\n", ":-\r\n", ":\r\n", ":1.5\r\n", ",inf\r\n", ",-inf\r\n", ",nan\r\n", ",1e999\r\n", ",0x1p4\r\n",
    ",infinity\r\n", ",\r\n", ",1.5.5\r\n", "(\r\n", "(-\r\n", "(12a\r\n", "#x\r\n", "#\r\n", "_x\r\n", "*?\r\n", "%?\r\n",
    "$?\r\n;4\r\nabcd\r\n;0\r\n", ">1\r\n+push\r\n", "|1\r\n+a\r\n+b\r\n", "|0\r\n", "=3\r\ntxt\r\n", "=0\r\n\r\n", "!0\r\n\r\n",
    "-\r\n", "+\r\n", "*-1\r\n", "*-10\r\n", "*-1x\r\n", "$-1\r\n", "$-10\r\n", "_\r\n", "\r\n", "?\r\n",
  ]

  static let respBytes = Array("*$%~>|:+-_,#(!=?0123456789\r\n\r\n".utf8) + [0, 0xFF]
}
