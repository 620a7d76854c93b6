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
      expected: { customDump(expectedAction) },
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
      expected: { "an action of the case carrying \(Value.self)" },
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
      expected: { "an action of the case carrying \(customDump(value))" },
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
      expected: { "an action matching the predicate" },
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
    if recorder.received.isEmpty {
      if strict {
        reportIssue(
          "There were no received actions to skip.",
          location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
      }
      return
    }
    guard let last = recorder.received.last else { return }
    state = last.state
    recorder.received.removeAll()
  }

  private func receiveAction(
    matching isMatching: (Action) -> Bool,
    expected: () -> String,
    timeout: Duration?,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)?,
    location: CallSite
  ) async {
    let timeout = timeout ?? self.timeout
    let exhaustive = exhaustivity == .on
    let recorder = self.recorder
    let arrived = await waitUntil(timeout: timeout) {
      exhaustive ? !recorder.received.isEmpty : recorder.received.contains { isMatching($0.action) }
    }
    guard arrived else {
      let inFlight = recorder.inFlight.isEmpty
        ? "No effects are in flight that could send one."
        : "\(recorder.inFlight.count) effect(s) are still in flight."
      reportIssue(
        "Expected to receive \(expected()), but received none after \(timeout). \(inFlight)",
        location: location
      )
      return
    }
    if !exhaustive {
      let skipped = recorder.received.prefix { !isMatching($0.action) }
      if let last = skipped.last {
        if case .off(showSkippedAssertions: true) = exhaustivity {
          print("Skipped receiving:\n" + skipped.map { "  " + customDump($0.action) }.joined(separator: "\n"))
        }
        state = last.state
        recorder.received.removeFirst(skipped.count)
      }
    }
    let (action, actual) = recorder.received.removeFirst()
    if !isMatching(action) {
      reportIssue(
        """
        Received unexpected action: …

          Expected: \(expected())
          Received: \(customDump(action))
        """,
        location: location
      )
    }
    recorder.lastLocation = location
    expectState(actual, toMatch: updateStateToExpectedResult, location: location)
    await yieldToEffects()
  }
}
