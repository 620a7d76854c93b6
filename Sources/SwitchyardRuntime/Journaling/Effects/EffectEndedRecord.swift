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
    buffer.append(contentsOf: String(identity.action).utf8)
    buffer.append(contentsOf: #","index":"#.utf8)
    buffer.append(contentsOf: String(identity.index).utf8)
    buffer.append(UInt8(ascii: "}"))
  }
}
