import ComposableArchitecture
import SwitchyardWire

/// An action record's payload (proto/JOURNAL.md, "Action records"), written by hand around the
/// action: `{"action":…,"dependencies":…,"outputOf":{"action":N,"index":I},"ended":{"action":N,"index":I}}`,
/// the last three only when there is something to say.
///
/// An action that arrived as JSON is journaled as the bytes it arrived in, which decode to the same
/// action, so it is not encoded again; the others are encoded with the wire's codec, a remote output they
/// hold written as the JSON it arrived as.
///
/// A namespace, not a generic record type: a reduction journals its action's parts as they are,
/// where building a record of a generic type looked that type up at run time on the main actor.
enum ActionRecord {
  /// What an action's record says beside the action, from its ``ActionOrigin``.
  struct Origin: Sendable {
    /// The remote output the action holds, and the JSON it was decoded from.
    var output: KnownJSON?
    /// The effect that delivered that output: recovery counts its outputs to skip them.
    var outputOf: EffectIdentity?
    /// The effect whose end this action reports, if it is an effect's last event.
    var ended: EffectIdentity?

    /// The parts of a record of an action from `origin`, reporting the end of `ended`. An output
    /// of an effect already over (its action waited in the store's buffer) counts as none. An
    /// action from a client is journaled as its JSON (``append(json:dependencies:to:encoder:)``).
    @MainActor
    init(_ origin: ActionOrigin?, ended: EffectIdentity?) {
      self.ended = ended
      switch origin {
      case nil, .finished, .failed, .client:
        break
      case let .output(_, effect):
        if !effect.hasEnded { outputOf = effect.identity }
      case let .outputInAction(known, effect):
        output = known
        if !effect.hasEnded { outputOf = effect.identity }
      }
    }
  }

  /// Appends the payload of `action`'s record, with the parts `origin` gives it, to `buffer`.
  static func append<Action: Encodable>(
    _ action: Action,
    from origin: Origin,
    dependencies: DependencyRecording?,
    to buffer: inout [UInt8],
    encoder: WireJSONEncoder
  ) throws {
    buffer.append(contentsOf: #"{"action":"#.utf8)
    if let output = origin.output {
      var encoder = encoder
      encoder.known = output
      try encoder.encode(action, appendingTo: &buffer)
    } else {
      try encoder.encode(action, appendingTo: &buffer)
    }
    try appendMembers(dependencies: dependencies, origin: origin, closing: &buffer, encoder: encoder)
  }

  /// Appends the payload of the record of an action that arrived as `json`, from a client: one
  /// copy of the bytes it sent, where writing the value out again cost the encoding thread about
  /// what encoding the action did. No closure over the action is needed to write it, so none is
  /// made on the main actor, nor the action copied into one.
  static func append(json: RawJSON, dependencies: DependencyRecording?, to buffer: inout [UInt8], encoder: WireJSONEncoder) throws {
    buffer.append(contentsOf: #"{"action":"#.utf8)
    json.writeSource(to: &buffer)
    try appendMembers(dependencies: dependencies, origin: nil, closing: &buffer, encoder: encoder)
  }

  /// Appends the members after the action, those there is something to say of, and closes the
  /// record's object.
  private static func appendMembers(
    dependencies: DependencyRecording?, origin: Origin?, closing buffer: inout [UInt8], encoder: WireJSONEncoder
  ) throws {
    // Most actions ask no dependency for anything; their records leave the recording out.
    if let dependencies, !dependencies.isEmpty {
      buffer.append(contentsOf: #","dependencies":"#.utf8)
      try encoder.encode(dependencies, appendingTo: &buffer)
    }
    guard let origin else { return buffer.append(UInt8(ascii: "}")) }
    if let outputOf = origin.outputOf {
      buffer.append(contentsOf: #","outputOf":"#.utf8)
      EffectEndedRecord.appendIdentity(outputOf, to: &buffer)
    }
    if let ended = origin.ended {
      buffer.append(contentsOf: #","ended":"#.utf8)
      EffectEndedRecord.appendIdentity(ended, to: &buffer)
    }
    buffer.append(UInt8(ascii: "}"))
  }
}
