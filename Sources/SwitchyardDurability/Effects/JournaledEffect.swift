import SwitchyardRuntime
import SwitchyardWire

/// One remote effect of a journaled store, observed: each action it sends carries an
/// ``ActionOrigin`` naming it, so that its outputs are journaled as the JSON they arrived in, and
/// its end in the record of the action its last event becomes; else (the event became no action,
/// or the effect was cancelled) in a record of its own when it ends.
///
/// An effect the coordinator's shutdown stopped did not end: like one a crash stopped, it is
/// started again by the next coordinator on this journal.
final class JournaledEffect: RemoteEffectObserver {
  /// Where the effect is in its life, as its journal records it.
  private enum Phase {
    /// Made by a reduction; the store has not started it.
    case made
    /// Started, and held in ``ActionJournal/effectsInFlight`` at `slot`.
    case running(slot: Int)
    /// The record of the action its last event became says it ended; still held at `slot` until
    /// the effect is over.
    case endJournaled(slot: Int)
    /// Over, its end journaled, or interrupted by the shutdown.
    case ended
  }

  let identity: EffectIdentity
  // Strong: the journal outlives every effect of its coordinator, and a weak reference costs
  // atomics on every end.
  private let journal: ActionJournal
  /// Main-actor state no access overlaps, so exclusivity is not checked at run time.
  @exclusivity(unchecked) private var phase = Phase.made

  /// Made as a reduction creates the effect, on whatever thread the reducer runs.
  nonisolated init(identity: EffectIdentity, journal: ActionJournal) {
    self.identity = identity
    self.journal = journal
  }

  func didStart() {
    phase = .running(slot: journal.effectsInFlight.insert(identity))
  }

  /// The output as its event, or, for an effect older than the newest snapshot, as the output
  /// inside the action it becomes, its value kept to recognise it as that action is encoded.
  func metadata<Output>(ofOutput output: Output, json: RawJSON) -> (any Sendable)? {
    guard journal.journalsEvents(of: identity) else {
      return ActionOrigin.outputInAction(KnownJSON(output, decodedFrom: json), of: self)
    }
    return ActionOrigin.output(json, of: self)
  }

  func metadata(ofEndWith failure: JobFailure?) -> (any Sendable)? {
    failure.map { ActionOrigin.failed(self, failure: $0) } ?? ActionOrigin.finished(self)
  }

  /// Whether the effect is over: an action of it reduced after that (it waited in the store's
  /// buffer) is journaled as an action of its own.
  var hasEnded: Bool {
    if case .ended = phase { true } else { false }
  }

  /// Notes that the record of the action its last event became says it ended; returns `false`
  /// when that cannot be, the effect being over (its end journaled in a record of its own).
  func endJournaledInAction() -> Bool {
    guard case let .running(slot) = phase else { return false }
    phase = .endJournaled(slot: slot)
    return true
  }

  func didEnd(interrupted: Bool) {
    switch phase {
    case let .running(slot):
      // No action's record says it ended. One the shutdown interrupted is still in flight: the
      // next coordinator starts it again.
      if interrupted {
        journal.interruptedEffects += 1
      } else {
        journal.effectsInFlight.remove(at: slot)
        journal.effectEnded(identity)
      }
    case let .endJournaled(slot):
      if !interrupted { journal.effectsInFlight.remove(at: slot) }
    case .made, .ended:
      break
    }
    phase = .ended
  }

  /// An effect the store never started has ended too — cancelled in the reduction that made it,
  /// left behind by a cancelled concatenation, or dropped by its reducer: without its end
  /// journaled, a restarted coordinator would start it.
  isolated deinit {
    if case .made = phase { journal.effectNeverStarted(identity) }
  }
}

extension ActionJournal: RemoteEffectObserving {
  /// Names the effect the reduction under way makes, after the effects it made before.
  @usableFromInline
  nonisolated package func observerOfNewEffect() -> any RemoteEffectObserver {
    JournaledEffect(identity: effectIdentities.next(), journal: self)
  }
}
