extension TestStore {
  /// Waits for every effect to finish, failing for any that outlasts `timeout`, and in exhaustive
  /// mode for any action received but not asserted.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let timeout = timeout ?? self.timeout
    let recorder = self.recorder
    let finished = await waitUntil(timeout: timeout) { recorder.inFlight.isEmpty }
    if !finished {
      reportIssue(
        "Expected effects to finish, but \(recorder.inFlight.count) are still running after \(timeout).",
        location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
      )
      recorder.reportInFlightEffects()
      cancelAllEffects()
    }
  }

  /// Cancels every effect still running, as if the test had waited for them.
  ///
  /// With `strict`, having nothing to cancel is a failure.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await yieldToEffects()
    if recorder.inFlight.isEmpty, strict {
      reportIssue(
        "There were no in-flight effects to skip.",
        location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
      )
    }
    cancelAllEffects()
  }

  /// Cancels everything the test's sends started, so no effect outlives its test.
  private func cancelAllEffects() {
    for set in recorder.takeAllEffects() { set.cancelAll() }
  }
}
