
/// The payload listing the remote effects in flight when a snapshot was taken (proto/JOURNAL.md,
/// "Effect records"): `{"effectsInFlight":{"snapshot":S,"effects":[{"action":N,"index":I},…]}}`.
///
/// Written by hand, not through `Codable`, like the other effect records.
enum EffectsInFlightRecord {
  /// Appends the payload naming `effects`, in flight at the snapshot after record `snapshot`.
  static func append(snapshot: UInt64, effects: [EffectIdentity], to buffer: inout [UInt8]) {
    buffer.append(contentsOf: #"{"effectsInFlight":{"snapshot":"#.utf8)
    EffectEndedRecord.appendDecimal(snapshot, to: &buffer)
    buffer.append(contentsOf: #","effects":["#.utf8)
    for (position, identity) in effects.enumerated() {
      if position > 0 { buffer.append(UInt8(ascii: ",")) }
      EffectEndedRecord.appendIdentity(identity, to: &buffer)
    }
    buffer.append(contentsOf: "]}}".utf8)
  }
}
