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
    let location = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    recorder.reportUnassertedActions(at: location)
    let duration = timeout ?? self.timeout
    let recorder = self.recorder
    let finished = await waitUntil(timeout: duration) { recorder.inFlight.isEmpty }
    if !finished {
      reportIssue(
        TestStoreMessage.effectsDidNotFinish(after: duration, customTimeout: duration != self.timeout),
        location: location
      )
    }
    if exhaustivity == .on, recorder.sharedChanges.hasChanges {
      expectState(
        core.state,
        toMatch: nil,
        heading: TestStoreMessage.unassertedSharedChangesHeading,
        postamble: TestStoreMessage.unassertedSharedChangesPostamble,
        location: location
      )
    }
  }

  /// Stops tracking the effects still running, without cancelling them: the test no longer has to
  /// wait for them, as with TCA's.
  ///
  /// With `strict`, having nothing to skip is a failure.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await yieldToEffects()
    let location = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    if recorder.inFlight.isEmpty {
      if strict { reportIssue("There were no in-flight effects to skip.", location: location) }
      return
    }
    // Informational even in an exhaustive test, as in TCA: skipping was asked for.
    recorder.skipInFlightEffects(
      location: location,
      as: exhaustivity == .on ? .off(showSkippedAssertions: true) : exhaustivity
    )
  }
}
