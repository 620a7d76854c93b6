import ComposableArchitecture
import SwitchyardWire

/// Checks a replay against what the journal recorded: the state at every state digest record, the
/// effects each action returned where its record lists them, and remembers the actions since the last check and the state then, to name the diverging action
/// and show how the state changed.
///
/// Stops the replay at the first divergence (``JournalReplayError/replayDiverged(_:)``), unless
/// a later `divergenceAccepted` record accepted it (``DivergenceAcceptances``), when it keeps it in
/// ``accepted`` and goes on, or it accepts them itself, when it keeps them in ``divergences``.
final class DivergenceCheck<State: Encodable, Action: Encodable> {
  /// Whether a divergence is kept rather than thrown.
  let accepting: Bool
  /// Whether a digest an older version wrote before a state migration is passed over, and
  /// counted, rather than refused: `verify` checks those records against later snapshots instead.
  let passesOverMigratedDigests: Bool
  /// How many digests were passed over.
  private(set) var passedOver = 0
  /// The migrations replay runs, which say whether an older version's digest is comparable.
  let migrations: MigrationChain
  /// Every divergence found, when accepting, but those a record accepted before.
  private(set) var divergences: [ReplayDivergence] = []
  /// The divergences found that a later record of the journal accepted.
  private(set) var accepted: [AcceptedDivergence] = []
  /// The journal's records of accepted divergences, if replay should honour them.
  private let acceptances: DivergenceAcceptances?
  /// How many digests matched.
  private(set) var checked = 0
  /// How many records' effects matched.
  private(set) var effectsChecked = 0
  /// The state at the last check, and the actions replayed since with their records' sequence
  /// numbers.
  private var lastChecked: State?
  private var actions: [Action] = []
  private var sequences = ReplayedSequences()

  init(
    accepting: Bool, migrations: MigrationChain, passingOverMigratedDigests: Bool = false, acceptances: DivergenceAcceptances? = nil
  ) {
    self.accepting = accepting
    self.acceptances = acceptances
    self.passesOverMigratedDigests = passingOverMigratedDigests
    self.migrations = migrations
  }

  /// Starts from `state`, restored from a snapshot.
  func restored(_ state: State) {
    lastChecked = state
    actions.removeAll()
    sequences.removeAll()
  }

  /// Notes that `action`, record `sequence`, was replayed.
  func replayed(_ action: Action, sequence: UInt64) {
    actions.append(action)
    sequences.append(sequence)
  }

  /// Compares `state` with the digest record `sequence` holds, which version `writtenBy` wrote.
  func compare(_ state: State, with recorded: StateDigest, sequence: UInt64, writtenBy: Int) throws(JournalReplayError) {
    if writtenBy != migrations.version && migrations.migratesState(from: writtenBy) {
      guard !passesOverMigratedDigests else { return passedOver += 1 }
      return try found(.unverifiable, sequence: sequence, writtenBy: writtenBy, state: state)
    }
    let replayed: StateDigest
    do {
      replayed = try StateDigest(of: state)
    } catch {
      throw .diverged(sequence: sequence, reason: "the replayed state could not be encoded: \(error)")
    }
    guard replayed == recorded else { return try found(.state, sequence: sequence, writtenBy: writtenBy, state: state) }
    checked += 1
    checkpoint(state)
  }

  /// Compares the effects `action`, record `sequence`, returned on replay (`parts`) with the ones
  /// its record lists. A divergence names that action alone; accepted, it leaves the state's
  /// checks as they were.
  func compare(
    _ parts: [EffectPart], with recorded: [RecordedEffect], of action: Action, sequence: UInt64, writtenBy: Int
  ) throws(JournalReplayError) {
    let replayed = RecordedEffect.summary(of: parts)
    guard replayed != recorded else { return effectsChecked += 1 }
    var divergence = ReplayDivergence(
      kind: .effects, sequence: sequence, actions: [ReplayDivergence.ReplayedAction(sequence: sequence, path: Self.path(of: action))],
      writtenBy: writtenBy, build: migrations.version
    )
    divergence.diff = ComposableArchitecture.diff(recorded, replayed)
    try admit(divergence)
  }

  /// Compares `state` with `snapshot`'s, decoded by this build.
  func compare(_ state: State, withSnapshot snapshot: State, sequence: UInt64, writtenBy: Int) throws(JournalReplayError) {
    guard (try? StateDigest(of: state)) != (try? StateDigest(of: snapshot)) else {
      checked += 1
      return checkpoint(state)
    }
    var divergence = divergence(.snapshot, sequence: sequence, writtenBy: writtenBy)
    divergence.diff = ComposableArchitecture.diff(snapshot, state)
    try keep(divergence, state: state)
  }

  private func found(_ kind: ReplayDivergence.Kind, sequence: UInt64, writtenBy: Int, state: State) throws(JournalReplayError) {
    var divergence = divergence(kind, sequence: sequence, writtenBy: writtenBy)
    if kind == .state, let lastChecked { divergence.diff = ComposableArchitecture.diff(lastChecked, state) }
    try keep(divergence, state: state)
  }

  private func divergence(_ kind: ReplayDivergence.Kind, sequence: UInt64, writtenBy: Int) -> ReplayDivergence {
    let named = zip(sequences.numbers, actions).map { ReplayDivergence.ReplayedAction(sequence: $0, path: Self.path(of: $1)) }
    return ReplayDivergence(kind: kind, sequence: sequence, actions: named, writtenBy: writtenBy, build: migrations.version)
  }

  private func keep(_ divergence: ReplayDivergence, state: State) throws(JournalReplayError) {
    try admit(divergence)
    checkpoint(state)
  }

  /// Goes on past `divergence` when a record accepted it or this replay accepts it; else throws.
  private func admit(_ divergence: ReplayDivergence) throws(JournalReplayError) {
    if let acceptance = acceptances?.acceptance(of: divergence, after: accepted) {
      accepted.append(acceptance)
    } else if accepting {
      divergences.append(divergence)
    } else {
      throw .replayDiverged(divergence)
    }
  }

  private func checkpoint(_ state: State) {
    lastChecked = state
    actions.removeAll(keepingCapacity: true)
    sequences.removeAll()
  }

  private static func path(of action: Action) -> String {
    (try? WireJSONEncoder().encodeValue(action)).map(ActionPath.of) ?? "\(action)"
  }
}

/// The sequence numbers of the actions a ``DivergenceCheck`` replayed since its last check, in a
/// type that is not generic: an array of them, or of pairs with the actions, in the generic check
/// looked its type up at run time for every record replayed.
private struct ReplayedSequences {
  private(set) var numbers: [UInt64] = []

  mutating func append(_ sequence: UInt64) {
    numbers.append(sequence)
  }

  /// Empties the list, keeping its capacity.
  mutating func removeAll() {
    numbers.removeAll(keepingCapacity: true)
  }
}
