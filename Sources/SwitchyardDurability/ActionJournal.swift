import ComposableArchitecture
import Foundation
import SwitchyardRuntime
import Synchronization
import SwitchyardJournal
import SwitchyardWire

/// A coordinator's journal of actions: appends each reduced action's record, takes snapshots of
/// the state as its ``SnapshotPolicy`` says, and tells the control socket when a `send` may be
/// answered.
///
/// Open it with ``open(directory:options:policy:replay:initialState:log:)``, which recovers the
/// state; a ``JournaledReducer`` feeds it.
@MainActor
public final class ActionJournal: ActionLog {
  /// The journal underneath.
  public let journal: Journal
  /// When snapshots are taken.
  public let policy: SnapshotPolicy
  /// The policy as the check after every action reads it.
  private let snapshotThresholds: SnapshotPolicy.Thresholds
  let log: @Sendable (LogEvent) -> Void
  /// Records reduced but not yet encoded, oldest first; the encoding thread takes them in batches.
  private let pending = PendingRecords()
  /// Encodes and appends the pending records, on the encoding thread only.
  private let writer: PendingRecordWriter
  /// How long records gather before the encoding thread takes them, unless the durability is
  /// `always`, whose senders wait for the disk: waking a thread for each record cost a busy
  /// coordinator more than encoding it.
  private let gathering: Duration?
  /// Started with the first record queued.
  private var encodingThread: RecordEncodingThread?

  // The properties read and written as each action is journaled skip Swift's run-time exclusivity
  // checks (`@exclusivity(unchecked)`): the main actor serialises every access and none overlaps
  // another, and the checks cost each action more than the bookkeeping they guard.
  /// The last sequence number given to a reduced action; its record may still be queued.
  @exclusivity(unchecked) package private(set) var lastSequence: UInt64
  @exclusivity(unchecked) private var actionsSinceSnapshot: UInt64 = 0
  /// The sequence number of the newest snapshot: an event of an effect made after it is journaled
  /// as the event, which any replay that reaches the record rebuilds through the effect.
  @exclusivity(unchecked) private var newestSnapshot: UInt64
  /// When the last snapshot was taken, on the journal's coarse clock: read on every append, where
  /// the precise clock cost a busy coordinator's main actor more than a policy of seconds needs.
  @exclusivity(unchecked) private var lastSnapshotAt = Journal.coarseMonotonicNanoseconds()
  private let health: JournalHealth
  /// Why the journal stopped, absent while it records.
  var failure: String? { health.failure }
  /// Names the remote effects the reduction under way creates, after the last record.
  let effectIdentities = EffectIdentities()
  /// Remote effects started and not ended, for the record that follows a snapshot.
  @exclusivity(unchecked) var effectsInFlight = EffectsInFlight()
  /// The last action appended and how many remote effects its reduction made, less those it
  /// dropped: they start after the reduction, so after a snapshot taken in it.
  @exclusivity(unchecked) private var lastAction: (sequence: UInt64, made: Int, dropped: [EffectIdentity]) = (0, 0, [])
  /// Effects the reduction under way made and dropped: their ends are journaled after its action,
  /// whose record names them.
  @exclusivity(unchecked) private var droppedDuringReduction: [EffectIdentity] = []
  /// How many effects the coordinator's shutdown stopped: a snapshot after their actions would
  /// keep the next coordinator from starting them again.
  var interruptedEffects = 0
  /// What recovery learnt of the remote effects in flight, until ``resumeEffects(in:)`` starts them.
  var effectsToResume: EffectRecovery?
  /// When the state may next be digested (``digestIsDue()``), on the journal's coarse monotonic clock.
  @exclusivity(unchecked) var nextDigest: Int64 = 0
  /// What digests cost, which spaces them.
  let digestCosts: DigestCosts

  init(journal: Journal, policy: SnapshotPolicy, effectsToResume: EffectRecovery?, log: @escaping @Sendable (LogEvent) -> Void) {
    self.journal = journal
    self.effectsToResume = effectsToResume
    self.policy = policy
    self.snapshotThresholds = SnapshotPolicy.Thresholds(policy)
    self.log = log
    self.health = JournalHealth(log: log)
    self.digestCosts = DigestCosts(log: log)
    self.lastSequence = journal.recovery.lastSequence
    // Effects made before this coordinator's start are made by replay only from an older snapshot.
    self.newestSnapshot = max(journal.recovery.lastSequence, journal.recovery.snapshotSequence ?? 0)
    self.gathering = Self.gathering(for: journal.options.durability)
    self.writer = PendingRecordWriter(pending: pending, journal: journal, log: log)
    effectIdentities.reset(to: lastSequence + 1)
    PoisonWatch.nextLiveSequence(lastSequence + 1)
  }

  /// Journals one reduced action, which came from `origin` (`nil`: from inside the process);
  /// returns whether a snapshot of the state after it is due, which the caller then takes with
  /// ``snapshot(_:)``.
  ///
  /// The record is encoded and appended off the main actor, in order, by a queue that takes what
  /// accumulated in one go: the sequence number is known here, as nothing else appends. The state
  /// is not passed here: in this unspecialised generic code, every use of its type costs a reduction
  /// a metadata lookup, and a snapshot is rarely due.
  func append<Action: Codable & Sendable>(
    _ action: Action, origin: ActionOrigin?, dependencies: DependencyRecording?, digest: PendingDigest? = nil,
    effects: [EffectPart]? = nil
  ) -> Bool {
    guard failure == nil else { return false }
    let made = numberNextRecord()
    lastAction = (lastSequence, made, [])
    actionsSinceSnapshot += 1
    if let origin, let event = eventRecord(of: origin) {
      enqueue(PendingRecord(sequence: lastSequence, content: .effectEvent(event, dependencies), digest: digest, effects: effects))
    } else if case let .client(json)? = origin {
      enqueue(PendingRecord(sequence: lastSequence, content: .clientAction(json, dependencies), digest: digest, effects: effects))
    } else {
      let parts = ActionRecord.Origin(origin, ended: ended(by: origin))
      enqueue(
        PendingRecord(
          sequence: lastSequence,
          content: .action { encoder, buffer in
            try ActionRecord.append(action, from: parts, dependencies: dependencies, to: &buffer, encoder: encoder)
          },
          digest: digest,
          effects: effects
        )
      )
    }
    if !droppedDuringReduction.isEmpty { journalDroppedEffects() }
    return snapshotIsDue
  }

  /// Gives the next record its sequence number, after which remote effects belong to the action
  /// after it; returns how many the record before it made.
  @discardableResult
  private func numberNextRecord() -> Int {
    lastSequence += 1
    PoisonWatch.nextLiveSequence(lastSequence + 1)
    return effectIdentities.reset(to: lastSequence + 1)
  }

  /// Whether the events of the effect `identity` are journaled as themselves: only for an effect
  /// made after the newest snapshot, as every replay that reaches them starts at or before it, so
  /// it replays the action that made the effect.
  func journalsEvents(of identity: EffectIdentity) -> Bool {
    identity.action > newestSnapshot
  }

  /// The record of the action being appended as the remote effect event it was made of, when it
  /// was made of one, ``journalsEvents(of:)`` says so, and the effect is not over: an action that
  /// waited in the store's buffer past its effect's end is journaled as itself.
  private func eventRecord(of origin: ActionOrigin) -> EffectEventRecord? {
    switch origin {
    case let .output(json, effect):
      guard !effect.hasEnded, journalsEvents(of: effect.identity) else { return nil }
      return EffectEventRecord(effect: effect.identity, event: .output(json))
    case let .finished(effect):
      guard journalsEvents(of: effect.identity), effect.endJournaledInAction() else { return nil }
      return EffectEventRecord(effect: effect.identity, event: .finished)
    case let .failed(effect, failure):
      guard journalsEvents(of: effect.identity), effect.endJournaledInAction() else { return nil }
      return EffectEventRecord(effect: effect.identity, event: .failed(failure))
    case .client, .outputInAction:
      return nil
    }
  }

  /// The effect whose end the record of an action from `origin` reports, if it is an effect's last
  /// event; ``eventRecord(of:)`` was asked first.
  private func ended(by origin: ActionOrigin?) -> EffectIdentity? {
    switch origin {
    case let .finished(effect), let .failed(effect, _):
      effect.endJournaledInAction() ? effect.identity : nil
    case nil, .client, .output, .outputInAction:
      nil
    }
  }

  private func journalDroppedEffects() {
    let dropped = droppedDuringReduction
    droppedDuringReduction.removeAll()
    lastAction.dropped = dropped
    for identity in dropped { effectEnded(identity) }
  }

  /// Whether the policy asks for a snapshot now; the clock is read only for a policy with a time
  /// bound.
  private var snapshotIsDue: Bool {
    snapshotThresholds.isDue(actionsSinceSnapshot: actionsSinceSnapshot) { Journal.coarseMonotonicNanoseconds() - lastSnapshotAt }
  }

  /// Journals the end of the effect `identity` names, in order with the actions.
  func effectEnded(_ identity: EffectIdentity) {
    guard failure == nil else { return }
    numberNextRecord()
    enqueue(PendingRecord(sequence: lastSequence, content: .effectEnded(identity)))
  }

  /// Journals, in a record of its own, what recovery's replay accepted where it diverged from the
  /// journal (`start --accept-divergence`): `payload`, a ``DivergenceAcceptedRecord``.
  func divergenceAccepted(_ payload: [UInt8]) {
    guard failure == nil else { return }
    numberNextRecord()
    enqueue(PendingRecord(sequence: lastSequence, content: .encoded(payload)))
  }

  /// Journals the end of an effect the store never started, after the record of the action that
  /// made it, which is not yet appended while that action is being reduced.
  func effectNeverStarted(_ identity: EffectIdentity) {
    guard identity.action > lastSequence else { return effectEnded(identity) }
    droppedDuringReduction.append(identity)
  }

  /// Stops journaling: the state has moved past what the journal can hold.
  func fail(_ reason: String) {
    health.fail(reason, after: lastSequence)
  }

  /// Snapshots `state`, the state after the last journaled action, off the main actor.
  ///
  /// The record after it lists the remote effects in flight that actions it covers created: replay
  /// from this snapshot cannot make them again, so recovery names those still open rather than
  /// forgetting them.
  func snapshot<State: Encodable & Sendable>(_ state: State) {
    actionsSinceSnapshot = 0
    lastSnapshotAt = Journal.coarseMonotonicNanoseconds()
    let snapshot = lastSequence
    newestSnapshot = snapshot
    enqueue(PendingRecord(sequence: snapshot, content: .snapshot { try WireJSONEncoder().encode(state) }))
    // A snapshot taken in a reduction comes before that action's effects start; every effect
    // started so far belongs to an action it covers.
    let starting = (0..<lastAction.made).map { EffectIdentity(action: lastAction.sequence, index: $0) }
      .filter { !lastAction.dropped.contains($0) }
    // Effects recovery found open and has not started yet (a snapshot `open` takes after
    // `--skip-record` or `--accept-divergence`) are in flight too: left out, the next recovery
    // from this snapshot would forget them. The last action's effects may have started already
    // (outside a reduction): listed once.
    let recovered = effectsToResume?.open(after: journal.recovery.olderFormatThrough) ?? []
    let inFlight = Set(effectsInFlight.identities + starting + recovered).sorted()
    guard failure == nil, !inFlight.isEmpty else { return }
    numberNextRecord()
    enqueue(PendingRecord(sequence: lastSequence, content: .effectsInFlight(snapshot: snapshot, effects: inFlight)))
  }

  private func enqueue(_ record: consuming PendingRecord) {
    guard pending.add(consume record) else { return }
    (encodingThread ?? startEncodingThread()).recordsQueued()
  }

  private func startEncodingThread() -> RecordEncodingThread {
    let (writer, health, journal) = (writer, health, journal)
    let thread = RecordEncodingThread(gathering: gathering, drain: { writer.drain() }) { failure in
      DispatchQueue.main.async { MainActor.assumeIsolated { health.fail(failure, after: journal.lastSequence) } }
    }
    encodingThread = thread
    return thread
  }

  /// Encodes and appends the records still gathering now rather than when their delay is up, on
  /// the main actor, and returns once every record journaled so far is appended (or the journal
  /// failed): for a benchmark that times them.
  package func encodeGatheredNow() {
    encodingThread?.drainNow()
  }

  /// At most a millisecond, and no more than half the durability's own delay; `nil` under `always`.
  private static func gathering(for durability: Durability) -> Duration? {
    switch durability {
    case .always:
      return nil
    case let .batch(delay), let .off(delay):
      return delay >= .microseconds(2) ? min(.milliseconds(1), delay / 2) : nil
    }
  }

  /// Takes a last snapshot if anything happened since the one before, then writes, fsyncs and
  /// closes; no snapshot when the shutdown stopped effects, which the next start replays to resume.
  public func close<State: Encodable & Sendable>(finalState state: State) {
    // Every effect of the last action has started, or ended, by now.
    lastAction.made = 0
    if failure == nil && actionsSinceSnapshot > 0 && interruptedEffects == 0 { snapshot(state) }
    close()
  }

  /// Appends the records still queued, then writes, fsyncs and closes.
  public func close() {
    // Records still gathering are taken now, and the thread stops.
    if let failure = encodingThread?.stop() { fail(failure) }
    journal.close()
  }

  deinit {
    // A journal dropped without `close()` still appends what it queued, and its thread ends.
    _ = encodingThread?.stop()
  }

  public func report() -> JournalReport {
    let status = journal.status
    return JournalReport(
      dataDir: journal.directory,
      fsync: Self.name(of: journal.options.durability),
      bytes: Int64(status.bytes),
      // The last action reduced, not the last record written: the lag counts records still waiting
      // to be encoded too, which a crash would lose as well.
      lastSequence: lastSequence,
      durableSequence: status.durableSequence,
      lastSyncMicros: status.lastSyncNanoseconds / 1_000,
      syncCount: status.syncCount,
      snapshotSequence: status.snapshotSequence,
      failure: failure ?? journal.stall.map { "\(JournalError.stalled(reason: "\($0)"))" },
      dataVersion: status.applicationVersion,
      oldestDataVersion: status.oldestApplicationVersion
    )
  }

  /// Why a client's action is refused before it is reduced: the journal stopped after an error,
  /// or it is stalled on a full disk (it resumes on its own once a write succeeds).
  public var refusal: String? {
    if let failure { return "The journal stopped, so the action was not applied: \(failure)" }
    guard let stall = journal.stall else { return nil }
    return "The action was not applied: \(stall) Send it again once the journal writes again ('status' shows when)."
  }

  public func whenAcknowledgeable(_ acknowledge: @escaping @MainActor @Sendable (String?) -> Void) {
    if let failure { return acknowledge("The action was reduced but not journaled: \(failure)") }
    guard journal.options.durability == .always else { return acknowledge(nil) }
    journal.whenDurable(lastSequence) { result in
      let failure: String? =
        switch result {
        case .success: nil
        case let .failure(error): "The action was reduced but its journal record is not on disk: \(error)"
        }
      DispatchQueue.main.async { acknowledge(failure) }
    }
  }

  /// `always`, `batch` or `off`: the durability as `start --fsync` names it.
  static func name(of durability: Durability) -> String {
    switch durability {
    case .always: "always"
    case .batch: "batch"
    case .off: "off"
    }
  }
}
