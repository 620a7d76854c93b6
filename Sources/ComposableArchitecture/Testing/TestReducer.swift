/// Wraps a feature's reducer inside a ``TestStore`` to record what the test must assert: the state
/// after each sent action, the actions effects feed back, and the effects still running.
struct TestReducer<Base: Reducer>: Reducer {
  typealias State = Base.State
  typealias Action = TestAction<Base.Action>

  let base: ResolvedReducer<Base>
  let recorder: TestRecorder<Base.State, Base.Action>

  func reduce(into state: inout Base.State, action: Action) -> Effect<Action> {
    let effect: Effect<Base.Action>
    let location: CallSite
    switch action {
    case let .send(baseAction, sendLocation):
      effect = base.reduce(into: &state, action: baseAction)
      location = sendLocation
      recorder.stateAfterSend = state
    case let .receive(baseAction):
      effect = base.reduce(into: &state, action: baseAction)
      location = recorder.lastLocation
      recorder.received.append((baseAction, state))
    }
    guard !effect.isNone else { return .none }
    let recorder = self.recorder
    let id = recorder.startEffect(for: action.base, at: location)
    return effect
      .map { .receive($0) }
      .tracked { recorder.inFlight[id] = nil }
  }
}

/// An action as a ``TestStore`` sees it: sent by the test, or received from an effect.
enum TestAction<Action> {
  case send(Action, CallSite)
  case receive(Action)

  var base: Action {
    switch self {
    case let .send(action, _), let .receive(action): action
    }
  }
}

/// What a ``TestReducer`` has recorded and the test has not yet asserted.
///
/// Only touched on the main actor — by the store running the reducer and by the test store — but the
/// reducer protocol is not actor-isolated, so isolation is by construction rather than declaration.
final class TestRecorder<State, Action>: @unchecked Sendable {
  /// An effect still running, with the action that started it and where the test sent that action.
  struct InFlightEffect {
    let action: Action
    let location: CallSite
  }

  var exhaustivity: Exhaustivity = .on
  var isDismissed = false
  var stateAfterSend: State
  var received: [(action: Action, state: State)] = []
  var inFlight: [Int: InFlightEffect] = [:]
  var lastLocation: CallSite
  var sentTasks: [EffectTaskSet] = []
  private var nextEffectID = 0

  /// Changes to shared state not yet asserted.
  let sharedChanges: SharedChangeTracker

  init(state: State, location: CallSite, sharedChanges: SharedChangeTracker) {
    self.stateAfterSend = state
    self.lastLocation = location
    self.sharedChanges = sharedChanges
  }

  func startEffect(for action: Action, at location: CallSite) -> Int {
    nextEffectID += 1
    inFlight[nextEffectID] = InFlightEffect(action: action, location: location)
    return nextEffectID
  }

  /// Reports actions received but never asserted and effects still running, as the exhaustivity
  /// treats skipped assertions.
  func reportUnasserted() {
    reportUnassertedActions(at: lastLocation)
    for effect in inFlight.values.sorted(by: { $0.location.line < $1.location.line }) {
      exhaustivity.reportSkipped(TestStoreMessage.effectStillRunning, location: effect.location)
    }
    if exhaustivity == .on, sharedChanges.hasChanges {
      reportIssue(TestStoreMessage.unassertedSharedChanges, location: lastLocation)
    }
  }

  /// Reports actions received but never asserted, at `location`, as the exhaustivity treats
  /// skipped assertions.
  func reportUnassertedActions(at location: CallSite) {
    guard !received.isEmpty else { return }
    exhaustivity.reportSkipped(TestStoreMessage.unexpectedReceived(received.map(\.action)), location: location)
  }

  /// Stops tracking the effects still running, reporting them as `exhaustivity` treats skipped
  /// assertions; they keep running, as in TCA.
  func skipInFlightEffects(location: CallSite, as exhaustivity: Exhaustivity) {
    guard !inFlight.isEmpty else { return }
    let origins = inFlight.sorted { $0.key < $1.key }.map(\.value.action)
    exhaustivity.reportSkipped(TestStoreMessage.skippedInFlight(origins), location: location)
    inFlight.removeAll()
  }

  /// Forgets the effects the test's sends started, handing them back to be cancelled.
  func takeAllEffects() -> [EffectTaskSet] {
    inFlight.removeAll()
    defer { sentTasks.removeAll() }
    return sentTasks
  }
}
