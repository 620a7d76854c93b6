import ComposableArchitecture
import SwitchyardWire

/// An action record's payload (proto/JOURNAL.md, "Action records"), written by hand around the
/// action: `{"action":…,"dependencies":…,"outputOf":{"action":N,"index":I},"ended":{"action":N,"index":I}}`,
/// the last three only when there is something to say.
///
/// An action that arrived as JSON is journaled as that JSON, which decodes to the same action, so
/// it is not encoded again; the others are encoded with the wire's codec, a remote output they
/// hold written as the JSON it arrived as.
///
/// A namespace, not a generic record type: a reduction journals its action's parts as they are,
/// where building a record of a generic type looked that type up at run time on the main actor.
enum ActionRecord {
  /// Appends the payload of `action`'s record to `buffer`.
  ///
  /// - Parameters:
  ///   - json: The JSON the action was decoded from, if it arrived as JSON.
  ///   - output: The remote output delivered as the action was sent, and the JSON it was decoded from.
  ///   - outputOf: The effect that delivered `output`: recovery counts its outputs to skip them.
  ///   - ended: The effect whose end this action reports, if it is an effect's last event.
  static func append<Action: Encodable>(
    _ action: Action,
    json: RawJSON?,
    output: KnownJSON?,
    outputOf: EffectIdentity?,
    dependencies: DependencyRecording?,
    ended: EffectIdentity?,
    to buffer: inout [UInt8],
    encoder: WireJSONEncoder
  ) throws {
    buffer.append(contentsOf: #"{"action":"#.utf8)
    if let json {
      buffer.append(contentsOf: json.bytes)
    } else if let output {
      var encoder = encoder
      encoder.known = output
      try encoder.encode(action, appendingTo: &buffer)
    } else {
      try encoder.encode(action, appendingTo: &buffer)
    }
    // Most actions ask no dependency for anything; their records leave the recording out.
    if let dependencies, !dependencies.isEmpty {
      buffer.append(contentsOf: #","dependencies":"#.utf8)
      try encoder.encode(dependencies, appendingTo: &buffer)
    }
    if let outputOf {
      buffer.append(contentsOf: #","outputOf":"#.utf8)
      EffectEndedRecord.appendIdentity(outputOf, to: &buffer)
    }
    if let ended {
      buffer.append(contentsOf: #","ended":"#.utf8)
      EffectEndedRecord.appendIdentity(ended, to: &buffer)
    }
    buffer.append(UInt8(ascii: "}"))
  }
}
