extension ActionJournal {
  /// What journals the end of the effect `identity` names: in the record of the action its last
  /// event becomes, when that action is reduced as the event is delivered, else in a record of
  /// its own (the event became no action, or the store buffered it, or the effect was cancelled).
  ///
  /// An effect the coordinator's shutdown stopped did not end: like one a crash stopped, it is
  /// started again by the next coordinator on this journal.
  func observer(of identity: EffectIdentity) -> RemoteEffectObserver {
    RemoteEffectObserver(
      // Strong: the journal outlives every effect of its coordinator, and a weak reference costs
      // atomics on every end.
      delivering: { output in self.deliveringOutput = output.map { ($0, identity) } },
      willDeliverEnd: { self.endingEffect = identity },
      didEnd: { interrupted in
        guard self.endingEffect == identity else { return }
        self.endingEffect = nil
        if interrupted {
          self.interruptedEffects += 1
        } else {
          self.effectEnded(identity)
        }
      }
    )
  }
}
