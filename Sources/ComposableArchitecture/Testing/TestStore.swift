/// A store for tests that makes you assert, step by step, how state changes, which actions effects
/// send back, and that every effect finishes.
///
/// ```swift
/// let store = TestStore(initialState: CounterFeature.State()) {
///   CounterFeature()
/// } withDependencies: {
///   $0.continuousClock = clock
/// }
/// await store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = true }
/// await clock.advance(by: .seconds(1))
/// await store.receive(\.timerTick) { $0.count = 1 }
/// ```
///
/// Failures are reported to the running test framework (Swift Testing or XCTest) at the line of the
/// `send` or `receive` that found them.
@MainActor
public final class TestStore<State: Equatable, Action> {
  /// How strictly the test is checked; ``Exhaustivity/on`` by default.
  public var exhaustivity: Exhaustivity {
    get { recorder.exhaustivity }
    set { recorder.exhaustivity = newValue }
  }

  /// Whether effects run the work they await off the main actor on the main serial executor, one
  /// job at a time in a fixed order, as TCA's test store does by default; see
  /// ``withMainSerialExecutor(isolation:operation:)``. Starts as ``uncheckedUseMainSerialExecutor``
  /// says, and applies to effects started after it is set.
  public var useMainSerialExecutor: Bool {
    get { core.effectExecutor != nil }
    set { core.effectExecutor = newValue ? MainSerialExecutor.shared : nil }
  }

  /// How long `receive` and `finish` wait for effects before failing, counting only the time the
  /// main actor was free to run them (another suite holding it does not count).
  public var timeout: Duration

  /// The state as the test has asserted it so far.
  public internal(set) var state: State

  let core: RootCore<State, TestAction<Action>>
  let recorder: TestRecorder<State, Action>

  /// Whether the feature dismissed itself with `@Dependency(\.dismiss)`; a dismissed store accepts
  /// no more actions.
  public var isDismissed: Bool { recorder.isDismissed }

  /// Creates a test store for `reducer`, with dependencies in the test context overridden by
  /// `prepareDependencies`.
  ///
  /// The initial state and the reducer are built with those dependencies in force, and `reducer` is
  /// a plain closure as in TCA, so `TestStore(initialState: .init()) { Feature() }` infers `State`.
  public init(
    initialState: @autoclosure () -> State,
    reducer: () -> some Reducer<State, Action>,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    timeout: Duration = .seconds(1),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    var dependencies = DependencyValues._current
    dependencies.context = .test
    // Each test store starts with its own shared state, and tracks how its features change it.
    dependencies.defaultInMemoryStorage = InMemoryStorage()
    dependencies.defaultFileStorage = .inMemory
    let sharedChanges = SharedChangeTracker()
    dependencies.sharedChangeTracker = sharedChanges
    DependencyValues.prepare(&dependencies, with: prepareDependencies)
    let (initialState, base) = DependencyValues.$_current.withValue(dependencies) {
      (initialState(), ResolvedReducer(reducer()))
    }
    let recorder = TestRecorder<State, Action>(
      state: initialState,
      location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
      sharedChanges: sharedChanges
    )
    // A root feature that dismisses itself dismisses the test store and stops tracking its effects,
    // as in TCA: what runs after a dismissal is not the test's to assert.
    dependencies.dismiss = DismissEffect { [weak recorder] in
      recorder?.isDismissed = true
      recorder?.inFlight.removeAll()
    }
    let testReducer = TestReducer(base: base, recorder: recorder)
    self.state = initialState
    self.timeout = timeout
    self.recorder = recorder
    self.core = RootCore(initialState: initialState, reducer: { state, action, _ in testReducer.reduce(into: &state, action: action) }, dependencies: dependencies)
    self.core.effectExecutor = uncheckedUseMainSerialExecutor ? MainSerialExecutor.shared : nil
  }

  /// The dependencies the reducer and its effects run with; changes apply to later actions.
  public var dependencies: DependencyValues {
    get { core.dependencies ?? DependencyValues() }
    set { core.dependencies = newValue }
  }

  /// Sends an action and asserts how it changes state.
  ///
  /// `updateStateToExpectedResult` mutates the previous state into the expected one; the test fails
  /// with a diff when the actual state differs.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let location = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard !isDismissed else {
      reportIssue("Can't send action to dismissed test store.", location: location)
      return TestStoreTask(tasks: nil, timeout: timeout)
    }
    if !recorder.received.isEmpty {
      exhaustivity.reportSkipped(TestStoreMessage.mustHandleReceived(recorder.received.map(\.action)), location: location)
      if exhaustivity != .on { skipReceived(location: location, as: exhaustivity) }
    }
    recorder.lastLocation = location
    let tasks = core.send(.send(action, location), tasks: nil)
    if let tasks { recorder.sentTasks.append(tasks) }
    expectState(recorder.stateAfterSend, toMatch: updateStateToExpectedResult, location: location)
    await yieldToEffects()
    return TestStoreTask(tasks: tasks, timeout: timeout)
  }

  /// Checks `actual` against the asserted state changed by `modify`, then adopts it.
  ///
  /// Shared state is checked too: inside the check, a `Shared` value in `expected` reads as the test
  /// last asserted it, so a change the closure does not make shows in the diff.
  func expectState(
    _ actual: State,
    toMatch modify: ((inout State) throws -> Void)?,
    requiringChange: Bool = true,
    heading: String? = nil,
    postamble: String? = nil,
    location: CallSite
  ) {
    let sharedChanges = recorder.sharedChanges
    defer {
      state = actual
      sharedChanges.reset()
    }
    if exhaustivity != .on { sharedChanges.reset() }
    let sharedChanged = sharedChanges.hasChanges
    var expected = exhaustivity == .on ? state : actual
    do {
      // The closure sees the store's dependencies, as the reducer did.
      try SharedChangeTracker.$isAsserting.withValue(true) {
        try DependencyValues.$_current.withValue(dependencies) { try modify?(&expected) }
      }
    } catch {
      reportIssue("Threw error: \(error)", location: location)
      return
    }
    let matches = SharedChangeTracker.$isAsserting.withValue(true) { expected == actual }
    if !matches {
      let heading = heading ?? (modify == nil && exhaustivity == .on
        ? "State was not expected to change, but a change occurred"
        : "A state change does not match expectation")
      let expectedDump = SharedChangeTracker.$isAsserting.withValue(true) { DumpNode(expected) }
      let difference = diff(expectedDump, DumpNode(actual), format: .testStore)
      var message = TestStoreMessage.stateMismatch(heading: heading, difference: difference)
      if let postamble { message += "\n\n\(postamble)" }
      reportIssue(message, location: location)
    } else if requiringChange, !sharedChanged, exhaustivity == .on, modify != nil, actual == state {
      reportIssue(TestStoreMessage.unnecessaryModify, location: location)
    }
    if matches, case .off(showSkippedAssertions: true) = exhaustivity {
      // What an exhaustive test would have had to assert, shown but not failed, as TCA does.
      var exhaustive = state
      try? SharedChangeTracker.$isAsserting.withValue(true) {
        try DependencyValues.$_current.withValue(dependencies) { try modify?(&exhaustive) }
      }
      if let skipped = diff(exhaustive, actual, format: .testStore) {
        let heading = modify == nil
          ? "State was not expected to change, but a change occurred"
          : "A state change does not match expectation"
        exhaustivity.reportSkipped(TestStoreMessage.stateMismatch(heading: heading, difference: skipped), location: location)
      }
    }
  }

  /// Drops the actions received so far, adopting the state after the last of them, and reports
  /// them as `exhaustivity` treats skipped assertions.
  func skipReceived(location: CallSite, as exhaustivity: Exhaustivity) {
    guard let last = recorder.received.last else { return }
    let actions = recorder.received.map(\.action)
    exhaustivity.reportSkipped(TestStoreMessage.skippedReceived(actions), location: location)
    state = last.state
    recorder.received.removeAll()
  }

  // Not `isolated`: an isolated deinit runs without task-local values, so it could not tell which
  // test to fail. Everything it touches lives in the recorder.
  deinit {
    recorder.reportUnasserted()
    let effects = recorder.takeAllEffects()
    Task { @MainActor in
      for set in effects { set.cancelAll() }
    }
  }
}

/// A test store of a reducer's state and actions, as in `TestStoreOf<CounterFeature>`.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action> where R.State: Equatable
