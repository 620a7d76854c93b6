import ComposableArchitecture
import SwitchyardWire

/// What a replay knows of the remote effects its actions made: the identity of each, as the live
/// journal gave it, and until the effect's end, how its journaled events become actions.
///
/// One per replay from a snapshot, carried from record to record: an effect event record (proto/
/// JOURNAL.md) holds the event alone, and only the replayed reduction that made the effect knows
/// the transform, and the maps around it, that turn the event into the action it was.
public final class ReplayedEffects: @unchecked Sendable {
  // Unchecked: a replay runs on one thread, record after record.
  /// How each open effect's event becomes an action, delivered to ``delivered``.
  private var decoders: [EffectIdentity: (RawJSON) throws -> Void] = [:]
  /// The action the event being decoded became, if it became one.
  private var delivered: Any?
  /// The record being replayed, and how many remote effects its reduction made so far.
  private(set) var replaying: (sequence: UInt64, created: Int) = (0, 0)

  /// Knows nothing yet: a replay starts from a snapshot, after which no effect is open.
  public init() {}

  /// Prepares for reducing the record `sequence`.
  func willReplay(sequence: UInt64) {
    replaying = (sequence, 0)
  }

  /// The identity of the next remote effect the reduction being replayed makes.
  func nextIdentity() -> EffectIdentity {
    defer { replaying.created += 1 }
    return EffectIdentity(action: replaying.sequence, index: replaying.created)
  }

  /// Keeps how the effect `identity` turns an event into actions it hands on.
  func register(_ identity: EffectIdentity, decoder: @escaping (RawJSON) throws -> Void) {
    decoders[identity] = decoder
  }

  /// Learns how the remote effects in `effect`, which a replayed reduction returned, turn their
  /// events into root actions.
  func keep<Action>(_ effect: Effect<Action>) {
    guard replaying.created > 0 else { return }
    effect.replayHandled { [unowned self] action in delivered = action }
  }

  /// The action the effect `identity`'s `event` became; `nil` when no replayed action made that
  /// effect, or its transform made no action of the event.
  func action<Action>(of identity: EffectIdentity, event: RawJSON, as _: Action.Type) throws -> Action? {
    guard let decoder = decoders[identity] else { return nil }
    // Only decoders set it, and only while one runs: it is `nil` again when this returns.
    defer { delivered = nil }
    try decoder(event)
    return delivered as? Action
  }

  /// Forgets the effect `identity`: it ended.
  func ended(_ identity: EffectIdentity) {
    decoders[identity] = nil
  }
}
