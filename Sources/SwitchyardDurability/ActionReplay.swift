import ComposableArchitecture
import SwitchyardJournal
import SwitchyardWire

/// Rebuilds an application's state from its journal: decodes snapshots, and reduces each journaled
/// action again with the dependency values recorded beside it, discarding the effects it returns.
///
/// Recovery and `switchyard history` both replay through it, so both rebuild the same state.
public struct ActionReplay<Base: Reducer> where Base.State: Codable, Base.Action: Codable {
  /// The application's reducer, the one that wrote the journal, with its body built once: a
  /// feature's own `reduce` would build its body again for every record replayed.
  let reducer: Reduce<Base.State, Base.Action>
  /// The records `start --skip-record` left out, which every replay leaves out too.
  let skipped: Set<UInt64>
  /// This build's version and the migrations older versions' JSON goes through.
  let migrations: MigrationChain
  /// Which version wrote each record: the data directory's, once known.
  var versions = ApplicationVersions()
  /// The dependencies actions are reduced with, built once for every record.
  private var reductions = ReplayReductions()

  /// Replays through `reducer`, leaving out the records `start --skip-record` left out of the
  /// journal in `directory`, if given; what an older version than `version` wrote goes through
  /// `migrations` first.
  public init(_ reducer: Base, skippingRecordsIn directory: String? = nil, version: Int = 1, migrations: [Migration] = []) {
    self.reducer = Reduce(reducer)
    self.skipped = directory.map { SkippedRecords.read(directory: $0) } ?? []
    self.migrations = MigrationChain(version: version, migrations: migrations)
    if let directory, let versions = try? ApplicationVersions.read(directory: directory) { self.versions = versions }
  }

  /// The version of the application this build is, which it writes.
  public var version: Int { migrations.version }

  /// The version of the application that wrote record `sequence`, as the data directory's
  /// `VERSIONS` file says: `history` names it beside a record an older version wrote.
  public func version(ofRecord sequence: UInt64) -> Int {
    versions.version(of: sequence)
  }

  /// `action`, as the version that wrote record `sequence` encoded it, migrated to this build's
  /// version; `nil` when a migration dropped it. For the inspector's "what if", whose page may
  /// hold actions it saw before an upgrade.
  public func migrate(action: JSONValue, ofRecord sequence: UInt64) throws(MigrationError) -> JSONValue? {
    let writtenBy = versions.version(of: sequence)
    guard writtenBy != migrations.version else { return action }
    return try migrations.action(action, writtenBy: writtenBy, what: "The action of record \(sequence)")
  }

  /// Runs `body` with a copy of this replay whose reductions find their dependencies in force,
  /// installed once for every record `body` applies with it rather than around each: for a walk
  /// through many records, on one thread. The copy is `body`'s alone.
  package func replayingInForce<T>(_ body: (Self) throws -> T) rethrows -> T {
    var replay = self
    replay.reductions = ReplayReductions()
    return try replay.reductions.whileInForce { try body(replay) }
  }

  /// This replay reading the data directory `directory`, whose `VERSIONS` file says which version
  /// wrote each record.
  func reading(_ directory: String) throws(JournalError) -> Self {
    var replay = self
    replay.versions = try ApplicationVersions.read(directory: directory)
    return replay
  }

  /// The state a snapshot holds, migrated from the version that wrote it.
  public func state(_ snapshot: JournalSnapshot) throws(JournalReplayError) -> Base.State {
    if snapshot.applicationVersion == migrations.version {
      do {
        return try WireJSONDecoder().decode(Base.State.self, from: snapshot.state)
      } catch {
        throw .undecodableSnapshot(sequence: snapshot.sequence, reason: WireJSONDecoder.describe(error))
      }
    }
    do {
      return try migrations.state(
        snapshot.state, writtenBy: snapshot.applicationVersion, what: "The snapshot of record \(snapshot.sequence)",
        as: Base.State.self)
    } catch {
      throw .migration(error)
    }
  }

  /// What record `record` holds, its action migrated when an older version wrote it.
  private func entry(_ record: JournalRecord) throws(JournalReplayError) -> ReplayEntry<Base.Action> {
    let writtenBy = versions.version(of: record.sequence)
    guard writtenBy != migrations.version else {
      do {
        return try ReplayEntry<Base.Action>(parsing: record.payload)
      } catch {
        throw .undecodableRecord(sequence: record.sequence, reason: WireJSONDecoder.describe(error))
      }
    }
    let what = "Journal record \(record.sequence)"
    do {
      // Only the action is migrated: the rest of the record is the journal's, in every version.
      return try migrations.decode(ReplayEntry<Base.Action>.self, what: what, writtenBy: writtenBy) { decoder in
        try ReplayEntry(RawJSON(parsing: record.payload)) { action in
          try migrations.action(action.value, writtenBy: writtenBy, what: what).map { try decoder.decode(Base.Action.self, from: $0) }
        }
      }
    } catch {
      throw .migration(error)
    }
  }

  /// Applies `record` to `state`, its action reduced as it was when recorded and its effects never
  /// run; returns what the record held.
  ///
  /// `effects` carries from record to record, from the snapshot `state` came from on: a remote
  /// effect's event is journaled without the action it became, which its replayed effect rebuilds.
  public func apply(
    _ record: JournalRecord,
    to state: inout Base.State,
    effects: ReplayedEffects
  ) throws(JournalReplayError) -> JournalEntry<Base.Action> {
    try apply(record, to: &state, effects: effects, recovery: nil, skipped: skipped)
  }

  /// Applies `record` as ``apply(_:to:effects:)`` does, and tells `recovery`, if any, which remote
  /// effects its action created, which effect's output it is and which effects' ends it journals.
  ///
  /// The records in `skipped`, and the events of the effects their actions made, leave the state
  /// alone: `start --skip-record` names them. Their effects' bookkeeping still counts. `check`, if
  /// any, compares the state each record's action led to with the digest the record holds.
  func apply(
    _ record: JournalRecord,
    to state: inout Base.State,
    effects: ReplayedEffects,
    recovery: EffectRecovery?,
    skipped: Set<UInt64>,
    check: DivergenceCheck<Base.State, Base.Action>? = nil
  ) throws(JournalReplayError) -> JournalEntry<Base.Action> {
    let entry = try self.entry(record)
    if let ended = entry.effectEnded { end(ended, effects: effects, recovery: recovery) }
    if let inFlight = entry.effectsInFlight {
      recovery?.inFlight(inFlight.effects, atSnapshot: inFlight.snapshot)
    }
    let action: Base.Action
    let ended: EffectIdentity?
    if let value = entry.action {
      action = value
      ended = entry.ended
      if let outputOf = entry.outputOf { recovery?.delivered(outputOf) }
    } else if let recorded = entry.effectEvent {
      let effect = recorded.effect
      if skipped.contains(effect.action) {
        if recorded.isEnd { end(effect, effects: effects, recovery: recovery) }
        return .other(kind: Self.skippedKind)
      }
      action = try self.action(of: effect, event: recorded.event, effects: effects, sequence: record.sequence)
      ended = recorded.isEnd ? effect : nil
      if !recorded.isEnd { recovery?.delivered(effect) }
    } else {
      return .other(kind: entry.kind)
    }
    if skipped.contains(record.sequence) {
      if let ended { end(ended, effects: effects, recovery: recovery) }
      return .other(kind: Self.skippedKind)
    }
    let dependencies = entry.dependencies ?? DependencyRecording()
    effects.willReplay(sequence: record.sequence)
    PoisonWatch.reducing(record.sequence)
    defer { PoisonWatch.reducing(0) }
    let effect: Effect<Base.Action>
    do {
      effect = try reductions.reduce(dependencies, effects: effects, recovery: recovery) {
        reducer.reduce(into: &state, action: action)
      }
      effects.keep(effect)
      recovery?.replayed(sequence: record.sequence, created: effects.replaying.created, action: action, effect: effect, state: Base.State.self)
    } catch {
      throw .diverged(sequence: record.sequence, reason: "\(error)")
    }
    if let check {
      check.replayed(action, sequence: record.sequence)
      let writtenBy = versions.version(of: record.sequence)
      if let digest = entry.stateDigest {
        try check.compare(state, with: digest, sequence: record.sequence, writtenBy: writtenBy)
      }
      if let recorded = entry.effects {
        try check.compare(effect.parts, with: recorded, of: action, sequence: record.sequence, writtenBy: writtenBy)
      }
    }
    if let ended { end(ended, effects: effects, recovery: recovery) }
    return .action(action, dependencies: dependencies)
  }

  /// What ``apply(_:to:effects:recovery:skipped:)`` returns for a record it skipped.
  static var skippedKind: String { "skipped" }

  /// The action the effect `identity`'s journaled `event` becomes, through the transform of the
  /// replayed effect.
  private func action(
    of identity: EffectIdentity,
    event: RawJSON,
    effects: ReplayedEffects,
    sequence: UInt64
  ) throws(JournalReplayError) -> Base.Action {
    let action: Base.Action?
    do {
      action = try effects.action(of: identity, event: event, as: Base.Action.self)
    } catch {
      throw .undecodableRecord(sequence: sequence, reason: WireJSONDecoder.describe(error))
    }
    guard let action else {
      throw .diverged(
        sequence: sequence,
        reason: "the record holds an event of remote effect \(identity), which no action replayed since the snapshot "
          + "made, or whose transform now makes no action of it"
      )
    }
    return action
  }

  private func end(_ identity: EffectIdentity, effects: ReplayedEffects, recovery: EffectRecovery?) {
    effects.ended(identity)
    recovery?.ended(identity)
  }
}
