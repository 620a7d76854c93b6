import ComposableArchitecture
import SwitchyardRuntime
import SwitchyardWire

/// Records what the coordinator's store does while pages watch: each action for the live stream,
/// and states for history, on the main actor.
///
/// Per action it appends the action and its sequence number and, at most once per snapshot
/// interval, retains the state; the JSON is made later, once per flush. Retention is rate-limited
/// because a retained state makes the store's next write copy the storage it touches; with a
/// journal there is no ``history`` and nothing is retained, since the journal rebuilds any state.
@MainActor
final class InspectionRecorder<R: Reducer> where R.State: Codable & Equatable, R.Action: Codable {
  /// The recent states kept for the slider, unless a journal serves it.
  let history: RecentHistory<R.State>?
  /// The lives of the effects started while observing.
  let effects = EffectLives()
  private let coordinator: Coordinator<R>
  private let snapshotInterval: Duration
  private let pendingCapacity: Int
  private var pending: [(sequence: UInt64, action: R.Action)] = []
  private var skipped = 0
  private var lastRetainedAt: ContinuousClock.Instant?
  /// The live state last encoded for a page, reused by every page that asks within ``liveStateMaxAge``.
  private var encodedLiveState: (sequence: UInt64, bytes: [UInt8], at: ContinuousClock.Instant)?
  private let liveStateMaxAge: Duration
  private(set) var isObserving = false
  /// The sequence number of the last action reduced, while observing.
  private(set) var latestSequence: UInt64 = 0

  init(coordinator: Coordinator<R>, configuration: InspectorConfiguration, history: RecentHistory<R.State>?) {
    self.coordinator = coordinator
    self.history = history
    self.snapshotInterval = configuration.snapshotInterval
    self.pendingCapacity = max(2, configuration.recentActionCapacity)
    self.liveStateMaxAge = configuration.liveStateMaxAge
  }

  /// The latest sequence number and the state it left, as JSON; starts recording if need be.
  ///
  /// However many pages ask, the state is encoded at most once per ``InspectorConfiguration/liveStateMaxAge``:
  /// encoding a large state is the one cost here that grows with the state.
  func liveState() throws -> (sequence: UInt64, bytes: [UInt8]) {
    startObserving()
    let now = ContinuousClock.now
    if let cached = encodedLiveState, cached.sequence == latestSequence || now - cached.at < liveStateMaxAge {
      return (cached.sequence, cached.bytes)
    }
    let bytes = try WireJSONEncoder().encode(coordinator.store.state)
    encodedLiveState = (latestSequence, bytes, now)
    return (latestSequence, bytes)
  }

  /// Starts recording: the state now becomes the first point of history.
  func startObserving() {
    guard !isObserving else { return }
    isObserving = true
    latestSequence = coordinator.lastActionSequence
    retainLatestState()
    coordinator.observeActions { [unowned self] sequence, action, state in
      record(sequence: sequence, action: action, state: state)
    }
    coordinator.observeEffects { [unowned self] event in
      effects.record(event, after: latestSequence)
    }
  }

  /// Stops recording, so that actions cost nothing; history is kept for the next page.
  func stopObserving() {
    guard isObserving else { return }
    isObserving = false
    coordinator.observeActions(nil)
    coordinator.observeEffects(nil)
    pending.removeAll()
    skipped = 0
  }

  /// The actions recorded since the last flush, as JSON, and how many were left out; retains the
  /// latest state if history does not have it yet.
  func flush() -> (entries: [ActionEntry], skipped: Int) {
    if let history, history.latestSequence != latestSequence {
      retainLatestState()
    }
    let encoder = WireJSONEncoder()
    var entries: [ActionEntry] = []
    entries.reserveCapacity(pending.count)
    var unencodable = 0
    for (sequence, action) in pending {
      guard let json = try? encoder.encodeValue(action) else {
        unencodable += 1
        continue
      }
      entries.append(ActionEntry(sequence: sequence, action: json))
    }
    defer {
      pending.removeAll(keepingCapacity: true)
      skipped = 0
    }
    return (entries, skipped + unencodable)
  }

  private func record(sequence: UInt64, action: R.Action, state: R.State) {
    latestSequence = sequence
    if pending.count == pendingCapacity {
      // Under a flood the page shows the newest actions; halving keeps the cost constant per action.
      pending.removeFirst(pendingCapacity / 2)
      skipped += pendingCapacity / 2
    }
    pending.append((sequence, action))
    guard let history else { return }
    let now = ContinuousClock.now
    if let lastRetainedAt, now - lastRetainedAt < snapshotInterval { return }
    history.retain(sequence: sequence, state: state)
    lastRetainedAt = now
  }

  private func retainLatestState() {
    history?.retain(sequence: latestSequence, state: coordinator.store.state)
    lastRetainedAt = .now
  }
}
