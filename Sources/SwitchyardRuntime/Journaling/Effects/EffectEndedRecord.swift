import SwitchyardWire

/// The payload of an effect's end in the journal (proto/JOURNAL.md, "Effect records"):
/// `{"effectEnded":{"action":N,"index":I}}`.
///
/// Written by hand, not through `Codable`: one goes with every remote effect, and its two numbers
/// are all it holds.
enum EffectEndedRecord {
  /// The key that names the record's kind.
  static let kind = "effectEnded"

  /// Appends the payload naming `identity` to `buffer`.
  static func append(_ identity: EffectIdentity, to buffer: inout [UInt8]) {
    buffer.append(contentsOf: #"{"effectEnded":{"action":"#.utf8)
    buffer.append(contentsOf: String(identity.action).utf8)
    buffer.append(contentsOf: #","index":"#.utf8)
    buffer.append(contentsOf: String(identity.index).utf8)
    buffer.append(contentsOf: "}}".utf8)
  }

  /// The identity a payload of this kind names.
  static func identity(in payload: [UInt8]) throws -> EffectIdentity {
    try WireJSONDecoder().decode(Payload.self, from: payload).effectEnded.identity
  }

  private struct Payload: Decodable {
    var effectEnded: Body
  }

  private struct Body: Decodable {
    var action: UInt64
    var index: Int
    var identity: EffectIdentity { EffectIdentity(action: action, index: index) }
  }
}
