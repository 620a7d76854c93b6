import SwitchyardWire

/// One remote effect of a journaled store, observed: its outputs are journaled as the JSON they
/// arrived in, and its end in the record of the action its last event becomes, when that action is
/// reduced as the event is delivered, else in a record of its own (the event became no action, or
/// the store buffered it, or the effect was cancelled).
///
/// An effect the coordinator's shutdown stopped did not end: like one a crash stopped, it is
/// started again by the next coordinator on this journal.
final class JournaledEffect: RemoteEffectObserver {
  let identity: EffectIdentity
  // Strong: the journal outlives every effect of its coordinator, and a weak reference costs
  // atomics on every end.
  private let journal: ActionJournal
  /// Whether the store started the effect; main-actor state no access overlaps, so exclusivity is
  /// not checked at run time.
  @exclusivity(unchecked) private var isStarted = false
  /// Where ``ActionJournal/effectsInFlight`` holds the effect while it runs.
  @exclusivity(unchecked) private var slot: Int?

  /// Made as a reduction creates the effect, on whatever thread the reducer runs.
  nonisolated init(identity: EffectIdentity, journal: ActionJournal) {
    self.identity = identity
    self.journal = journal
  }

  func didStart() {
    isStarted = true
    slot = journal.effectsInFlight.insert(identity)
  }

  func delivering<Output>(_ output: Output, json: RawJSON) {
    journal.delivering(output, json: json, of: identity)
    PoisonWatch.delivering(identity)
  }

  func delivered() {
    journal.deliveringOutput = nil
    PoisonWatch.delivering(nil)
  }

  func willDeliverEnd(failure: JobFailure?) {
    journal.endingEffect = (identity, failure)
    PoisonWatch.delivering(identity)
  }

  func didEnd(interrupted: Bool) {
    PoisonWatch.delivering(nil)
    // One the shutdown interrupted is still in flight: the next coordinator starts it again.
    if !interrupted, let slot {
      journal.effectsInFlight.remove(at: slot)
      self.slot = nil
    }
    guard journal.endingEffect?.identity == identity else { return }
    journal.endingEffect = nil
    if interrupted {
      journal.interruptedEffects += 1
    } else {
      journal.effectEnded(identity)
    }
  }

  /// An effect the store never started has ended too — cancelled in the reduction that made it,
  /// left behind by a cancelled concatenation, or dropped by its reducer: without its end
  /// journaled, a restarted coordinator would start it.
  isolated deinit {
    if !isStarted { journal.effectNeverStarted(identity) }
  }
}

extension ActionJournal: RemoteEffectObserving {
  /// Names the effect the reduction under way makes, after the effects it made before.
  @usableFromInline
  nonisolated func observerOfNewEffect() -> any RemoteEffectObserver {
    JournaledEffect(identity: effectIdentities.next(), journal: self)
  }
}
