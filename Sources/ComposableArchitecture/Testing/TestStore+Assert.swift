extension TestStore {
  /// Asserts the store's current state without sending an action: for changes made outside the
  /// reducer, such as to shared state.
  public func assert(
    _ updateStateToExpectedResult: @escaping (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    expectState(
      core.state,
      toMatch: updateStateToExpectedResult,
      requiringChange: false,
      location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension TestStore where Action: CasePathable {
  /// Sends the case named by `action` that carries no value: `await store.send(\.incrementButtonTapped)`.
  @discardableResult
  public func send(
    _ action: CaseKeyPath<Action, Void>,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await send(
      action(), assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Sends the case named by `action` carrying `value`: `await store.send(\.textChanged, "Hi")`.
  @discardableResult
  public func send<Value>(
    _ action: CaseKeyPath<Action, Value>,
    _ value: Value,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await send(
      action(value), assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}
