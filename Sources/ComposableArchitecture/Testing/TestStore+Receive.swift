extension TestStore {
  /// Asserts that an effect sent `expectedAction` next, and how it changed state.
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await receiveAction(
      matching: { $0 == expectedAction },
      failureMessage: { "Expected to receive the following action, but didn't:\n\n\(customDump(expectedAction).indenting(by: 2))" },
      unexpected: { received in
        diff(expectedAction, received, format: .testStore)
          .map { "\($0.indenting(by: 4))\n\n(Expected: −, Received: +)" }
          ?? "Expected:\n\(customDump(expectedAction).indenting(by: 2))\n\nReceived:\n\(customDump(received).indenting(by: 2))"
      },
      timeout: timeout,
      assert: updateStateToExpectedResult,
      location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Asserts that an effect sent an action of the case named by `actionCase` next: `\.todoAdded`.
  public func receive<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let casePath = AnyCasePath(actionCase)
    await receiveAction(
      matching: { casePath.extract(from: $0) != nil },
      failureMessage: { "Expected to receive an action matching case path, but didn't get one." },
      unexpected: { customDump($0).indenting(by: 2) },
      timeout: timeout,
      assert: updateStateToExpectedResult,
      location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Asserts that an effect sent the case named by `actionCase` carrying `value` next.
  public func receive<Value: Equatable>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ value: Value,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let casePath = AnyCasePath(actionCase)
    await receiveAction(
      matching: { casePath.extract(from: $0) == value },
      failureMessage: { "Expected to receive an action matching case path, but didn't get one." },
      unexpected: { received in
        if casePath.extract(from: received) != nil,
          let difference = diff(casePath.embed(value), received, format: .testStore)
        {
          return "\(difference.indenting(by: 4))\n\n(Expected: −, Received: +)"
        }
        return customDump(received).indenting(by: 2)
      },
      timeout: timeout,
      assert: updateStateToExpectedResult,
      location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Asserts that an effect sent an action satisfying `isMatching` next.
  public func receive(
    _ isMatching: (_ action: Action) -> Bool,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      matching: isMatching,
      failureMessage: { "Expected to receive an action matching predicate, but didn't get one." },
      unexpected: { customDump($0).indenting(by: 2) },
      timeout: timeout,
      assert: updateStateToExpectedResult,
      location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Accepts every action received so far without asserting them, adopting the resulting state.
  ///
  /// With `strict`, having nothing to skip is a failure, so the call does not outlive its purpose.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await yieldToEffects()
    let location = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    if recorder.received.isEmpty {
      if strict { reportIssue("There were no received actions to skip.", location: location) }
      return
    }
    // Informational even in an exhaustive test, as in TCA: skipping was asked for.
    skipReceived(location: location, as: exhaustivity == .on ? .off(showSkippedAssertions: true) : exhaustivity)
  }

  /// Waits, while effects are in flight, for an action to arrive, then checks it and the state it
  /// left, as TCA does: nothing in flight fails at once; an unexpected action is reported alone,
  /// without a second failure for the state it changed.
  private func receiveAction(
    matching isMatching: (Action) -> Bool,
    failureMessage: () -> String,
    unexpected: (Action) -> String,
    timeout: Duration?,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)?,
    location: CallSite
  ) async {
    let duration = timeout ?? self.timeout
    let exhaustive = exhaustivity == .on
    let recorder = self.recorder
    if !recorder.inFlight.isEmpty {
      let arrived = await waitUntil(timeout: duration) {
        exhaustive ? !recorder.received.isEmpty : recorder.received.contains { isMatching($0.action) }
      }
      if !arrived {
        reportIssue(
          TestStoreMessage.receivedNone(
            exhaustive: exhaustive, after: duration, customTimeout: duration != self.timeout,
            hasEffectsInFlight: !recorder.inFlight.isEmpty
          ),
          location: location
        )
      }
    }
    guard !recorder.received.isEmpty else {
      reportIssue(failureMessage(), location: location)
      return
    }
    if !exhaustive {
      guard recorder.received.contains(where: { isMatching($0.action) }) else {
        reportIssue(failureMessage(), location: location)
        return
      }
      let skipped = recorder.received.prefix { !isMatching($0.action) }
      if let last = skipped.last {
        exhaustivity.reportSkipped(TestStoreMessage.skippedReceived(skipped.map(\.action)), location: location)
        state = last.state
        recorder.received.removeFirst(skipped.count)
      }
    }
    let (action, actual) = recorder.received.removeFirst()
    recorder.lastLocation = location
    if isMatching(action) {
      expectState(actual, toMatch: updateStateToExpectedResult, location: location)
    } else {
      let expectedLater = recorder.received.contains { isMatching($0.action) }
      reportIssue(
        TestStoreMessage.unexpectedAction(description: unexpected(action), expectedLater: expectedLater),
        location: location
      )
      state = actual
    }
    await yieldToEffects()
  }
}
