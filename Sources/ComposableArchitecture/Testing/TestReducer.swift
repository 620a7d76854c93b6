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

  /// Reports, in exhaustive mode, actions received but never asserted and effects still running.
  func reportUnasserted() {
    guard exhaustivity == .on else { return }
    reportUnassertedActions(at: lastLocation)
    reportInFlightEffects()
    if sharedChanges.hasChanges {
      reportIssue(TestStoreMessage.unassertedSharedChanges, location: lastLocation)
    }
  }

  /// Reports, in exhaustive mode, actions received but never asserted, at `location`.
  func reportUnassertedActions(at location: CallSite) {
    guard exhaustivity == .on, !received.isEmpty else { return }
    reportIssue(TestStoreMessage.unexpectedReceived(received.map(\.action)), location: location)
  }

  /// Reports each effect still running at the `send` that started it.
  func reportInFlightEffects() {
    for effect in inFlight.values.sorted(by: { $0.location.line < $1.location.line }) {
      reportIssue(TestStoreMessage.effectStillRunning, location: effect.location)
    }
  }

  /// Forgets the effects the test's sends started, handing them back to be cancelled.
  func takeAllEffects() -> [EffectTaskSet] {
    inFlight.removeAll()
    defer { sentTasks.removeAll() }
    return sentTasks
  }
}
