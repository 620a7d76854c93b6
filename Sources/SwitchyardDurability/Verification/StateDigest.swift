import SwitchyardJournal
import SwitchyardWire

/// A short fingerprint of a state: the CRC-32C and length of its JSON with every object's keys
/// sorted, so the same state digests alike in every process (a dictionary's order is not).
///
/// The journal records it in an action's record, as often as its cost allows, and replay compares
/// the state it reaches with it: a reducer that now computes something else is caught there.
struct StateDigest: Equatable, Sendable, Decodable {
  var crc32c: UInt32
  var length: Int

  /// The digest of `state`.
  init(of state: some Encodable) throws {
    var encoder = WireJSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let bytes = try encoder.encode(state)
    crc32c = CRC32C.checksum(bytes)
    length = bytes.count
  }

  /// Closes the record's JSON object in `buffer` with the member `"stateDigest":{"crc32c":N,"length":L}`
  /// (proto/JOURNAL.md, "State digests") in place of its last `}`.
  func appendMember(closing buffer: inout [UInt8]) {
    guard buffer.last == UInt8(ascii: "}") else { return }
    buffer.removeLast()
    buffer.append(contentsOf: #","stateDigest":{"crc32c":"#.utf8)
    EffectEndedRecord.appendDecimal(UInt64(crc32c), to: &buffer)
    buffer.append(contentsOf: #","length":"#.utf8)
    EffectEndedRecord.appendDecimal(UInt64(length), to: &buffer)
    buffer.append(contentsOf: "}}".utf8)
  }
}
