
/// The remote effects a journaled store started that have not ended, for the record after a
/// snapshot.
///
/// A table of slots rather than a set: each effect keeps the slot it was given, so starting and
/// ending one cost an array store each, where a set hashed its identity twice on the main actor.
struct EffectsInFlight {
  private var slots: [EffectIdentity?] = []
  /// Slots emptied by ended effects, for the next ones to take.
  private var free: [Int] = []

  /// Adds `identity`; returns its slot, for ``remove(at:)``.
  mutating func insert(_ identity: EffectIdentity) -> Int {
    if let slot = free.popLast() {
      slots[slot] = identity
      return slot
    }
    slots.append(identity)
    return slots.count - 1
  }

  /// Removes the effect ``insert(_:)`` gave `slot`.
  mutating func remove(at slot: Int) {
    slots[slot] = nil
    free.append(slot)
  }

  /// The effects in flight, in no particular order.
  var identities: [EffectIdentity] {
    slots.compactMap { $0 }
  }
}
