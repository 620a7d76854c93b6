
/// The payload of an effect's end that no action reports (proto/JOURNAL.md, "Effect records"):
/// `{"effectEnded":{"action":N,"index":I}}`.
///
/// Written by hand, not through `Codable`: its two numbers are all it holds.
enum EffectEndedRecord {
  /// Appends the payload naming `identity` to `buffer`.
  static func append(_ identity: EffectIdentity, to buffer: inout [UInt8]) {
    buffer.append(contentsOf: #"{"effectEnded":"#.utf8)
    appendIdentity(identity, to: &buffer)
    buffer.append(UInt8(ascii: "}"))
  }

  /// Appends `{"action":N,"index":I}`, how records name an effect.
  static func appendIdentity(_ identity: EffectIdentity, to buffer: inout [UInt8]) {
    buffer.append(contentsOf: #"{"action":"#.utf8)
    appendDecimal(identity.action, to: &buffer)
    buffer.append(contentsOf: #","index":"#.utf8)
    appendDecimal(UInt64(identity.index), to: &buffer)
    buffer.append(UInt8(ascii: "}"))
  }

  /// Appends `value`'s decimal digits: two per effect record, where making a `String` of each
  /// cost more than the rest of the record.
  static func appendDecimal(_ value: UInt64, to buffer: inout [UInt8]) {
    guard value >= 10 else { return buffer.append(UInt8(ascii: "0") + UInt8(value)) }
    var divisor: UInt64 = 1
    while value / divisor >= 10 { divisor *= 10 }
    var rest = value
    while divisor > 0 {
      buffer.append(UInt8(ascii: "0") + UInt8(rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }
}
