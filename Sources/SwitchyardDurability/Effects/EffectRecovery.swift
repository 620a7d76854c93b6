import ComposableArchitecture

/// What replaying a journal learns of remote effects: which reductions created some, and which of
/// those have not ended, so that the restarted coordinator starts them again.
///
/// Replay reduces each action with a ``ReplayJobExecutor`` in place of the pools, which names
/// the remote effects the reduction creates, as the live ``JournaledJobExecutor`` did, and builds
/// each as an effect that, once started, asks here whether it is still open. An output journaled
/// as an effect event or in an action record's `outputOf` counts an output of one; a last event, an
/// action record's `ended` member or an `effectEnded` record closes one. What is still open when
/// replay ends was in flight when the coordinator stopped, and is started again past the outputs it
/// delivered.
// Unchecked: one replay fills it, on one thread, before the main actor starts what it kept.
final class EffectRecovery: @unchecked Sendable {
  /// A reduction with effects not yet ended, and how to start its effects again in a store.
  private struct Reduction {
    /// The index of each effect not yet ended, and how many outputs it delivered.
    var open: [Int: UInt64]
    /// Starts the reduction's effect, kept to its remote part, in a store given as its object.
    var start: @MainActor (AnyObject) -> Void
  }

  private var reductions: [UInt64: Reduction] = [:]
  /// The snapshot replay started from, if any.
  var snapshotSequence: UInt64?
  /// Effects in flight at that snapshot, created by actions it covers: replay cannot make them
  /// again, so those not ended since are reported rather than started.
  private var madeBeforeSnapshot: Set<EffectIdentity> = []
  /// What runs the effects again, once the coordinator's pools are up.
  var executor: JournaledJobExecutor?

  /// Notes what replaying record `sequence`'s `action` returned, which made `created` remote
  /// effects, to start again in a store of `State` what is still open of it when replay ends.
  func replayed<State, Action>(sequence: UInt64, created: Int, action: Action, effect: Effect<Action>, state _: State.Type) {
    guard created > 0 else { return }
    let resumable = effect.resumable
    // Unsafe: replay hands the action over and never touches it again; the main actor starts it.
    nonisolated(unsafe) let origin = action
    reductions[sequence] = Reduction(open: Dictionary(uniqueKeysWithValues: (0..<created).map { ($0, 0) })) { store in
      (store as? Store<State, Action>)?.resume(resumable, origin: origin)
    }
  }

  /// Notes the effects in flight when the snapshot after record `snapshot` was taken; only the
  /// snapshot replay started from matters, as replay makes again every effect of later actions.
  func inFlight(_ identities: [EffectIdentity], atSnapshot snapshot: UInt64) {
    guard snapshot == snapshotSequence else { return }
    madeBeforeSnapshot.formUnion(identities.filter { $0.action <= snapshot })
  }

  /// Closes the effect `identity` names: its end was journaled.
  func ended(_ identity: EffectIdentity) {
    madeBeforeSnapshot.remove(identity)
    guard var reduction = reductions[identity.action] else { return }
    reduction.open[identity.index] = nil
    reductions[identity.action] = reduction.open.isEmpty ? nil : reduction
  }

  /// Whether the effect `identity` names was in flight when the journal ended.
  func isOpen(_ identity: EffectIdentity) -> Bool {
    deliveredOutputs(of: identity) != nil || madeBeforeSnapshot.contains(identity)
  }

  /// Counts an output the effect `identity` names delivered: a record holds it as an action.
  func delivered(_ identity: EffectIdentity) {
    reductions[identity.action]?.open[identity.index]? += 1
  }

  /// How many outputs the effect `identity` names delivered, if it was in flight when the journal
  /// ended; `nil` if it ended.
  func deliveredOutputs(of identity: EffectIdentity) -> UInt64? {
    reductions[identity.action]?.open[identity.index]
  }

  /// Every effect still open: those to start again, of actions after the record
  /// `olderFormatThrough` (older ones' ends were never journaled), and those made before the
  /// snapshot replay started from.
  func open(after olderFormatThrough: UInt64) -> [EffectIdentity] {
    let resumable = reductions.filter { $0.key > olderFormatThrough }.flatMap { sequence, reduction in
      reduction.open.keys.map { EffectIdentity(action: sequence, index: $0) }
    }
    return resumable + madeBeforeSnapshot
  }

  /// The effects still open that actions before the snapshot replay started from created: in
  /// flight when the coordinator stopped, and not to be made again.
  var lostBeforeSnapshot: [EffectIdentity] {
    madeBeforeSnapshot.sorted()
  }

  /// Starts again in `store`, oldest first, the effects still open whose action came after the
  /// record `olderFormatThrough`; returns how many it started, and how many effects of older
  /// actions it left alone, their ends never having been journaled.
  @MainActor
  func resume<State, Action>(in store: Store<State, Action>, after olderFormatThrough: UInt64) -> (resumed: Int, unknown: Int) {
    var counts = (resumed: 0, unknown: 0)
    for (sequence, reduction) in reductions.sorted(by: { $0.key < $1.key }) {
      guard sequence > olderFormatThrough else {
        counts.unknown += reduction.open.count
        reductions[sequence] = nil
        continue
      }
      counts.resumed += reduction.open.count
      reduction.start(store)
    }
    return counts
  }
}
