import ComposableArchitecture
import SwitchyardWire

/// A record reduced but not yet encoded and appended, or a snapshot waiting for the records
/// before it: what the main actor hands the encoding thread.
///
/// Only the record of an action made in-process holds a closure, as it holds an action of the
/// application's type, and a record whose state is digested, which holds the state; the others, a
/// client's action among them, are plain values, so journaling them allocates nothing on the main
/// actor and frees nothing it allocated on the encoding thread.
struct PendingRecord: Sendable {
  enum Content: Sendable {
    /// An action record, which the closure appends.
    case action(@Sendable (WireJSONEncoder, inout [UInt8]) throws -> Void)
    /// The record of an action a client sent, as the JSON it sent, with the reduction's recording.
    case clientAction(RawJSON, DependencyRecording?)
    /// A remote effect's event in place of the action it became, with the reduction's recording.
    case effectEvent(EffectEventRecord, DependencyRecording?)
    /// A remote effect's end that no action reports.
    case effectEnded(EffectIdentity)
    /// The remote effects in flight at the snapshot after record `snapshot`.
    case effectsInFlight(snapshot: UInt64, effects: [EffectIdentity])
    /// A record encoded on the main actor: a rare one, such as an accepted divergence.
    case encoded([UInt8])
    /// A snapshot of the state after record ``sequence``, which the closure encodes: not a record.
    case snapshot(@Sendable () throws -> [UInt8])
  }

  var sequence: UInt64
  var content: Content
  /// The state the action led to, when it is digested: a member of its record.
  var digest: PendingDigest?
  /// The effects the action's reduction returned, none included, when its state was digested: a
  /// member of its record, summarised here, off the main actor.
  var effects: [EffectPart]?

  init(sequence: UInt64, content: Content, digest: PendingDigest? = nil, effects: [EffectPart]? = nil) {
    self.sequence = sequence
    self.content = content
    self.digest = digest
    self.effects = effects
  }

  /// Whether this is a snapshot, which is no record.
  var isSnapshot: Bool {
    if case .snapshot = content { true } else { false }
  }

  /// Appends the payload of the record at `record` to `buffer`; a snapshot has none.
  ///
  /// Read through the pointer, each part where it lies: a record read as a value, with calls in
  /// between that might write anywhere, was copied whole, every part retained and released.
  static func appendPayload(of record: UnsafePointer<PendingRecord>, to buffer: inout [UInt8], encoder: WireJSONEncoder) throws {
    switch record.pointee.content {
    case let .action(append):
      try append(encoder, &buffer)
    case let .clientAction(json, dependencies):
      try ActionRecord.append(json: json, dependencies: dependencies, to: &buffer, encoder: encoder)
    case let .effectEvent(event, dependencies):
      try event.append(dependencies: dependencies, to: &buffer, encoder: encoder)
    case let .effectEnded(identity):
      EffectEndedRecord.append(identity, to: &buffer)
    case let .effectsInFlight(snapshot, effects):
      EffectsInFlightRecord.append(snapshot: snapshot, effects: effects, to: &buffer)
    case let .encoded(payload):
      buffer.append(contentsOf: payload)
    case .snapshot:
      preconditionFailure("a snapshot is not a record")
    }
    if let effects = record.pointee.effects {
      try RecordedEffect.appendMember(RecordedEffect.summary(of: effects), closing: &buffer, encoder: encoder)
    }
    if let digest = record.pointee.digest?.computed() { digest.appendMember(closing: &buffer) }
  }
}
