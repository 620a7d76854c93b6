/// The texts of ``TestStore`` failures, worded as TCA words them so tests and tools that match on
/// them keep working.
enum TestStoreMessage {
  static func stateMismatch(heading: String, difference: String?) -> String {
    """
    \(heading).

    \((difference ?? "(no visible difference)").indenting(by: 4))

    (Expected: −, Actual: +)
    """
  }

  static let unnecessaryModify = """
    Expected state to change, but no change occurred.

    The trailing closure made no observable modifications to state. If no change to state is \
    expected, omit the trailing closure.
    """

  static let unassertedSharedChangesHeading = "Test store finished before asserting against changes to shared state"

  static let unassertedSharedChangesPostamble = """
    Invoke "TestStore.assert" at the end of this test to assert against changes to shared \
    state.
    """

  static let unassertedSharedChanges = "\(unassertedSharedChangesHeading).\n\n\(unassertedSharedChangesPostamble)"

  static func mustHandleReceived(_ actions: [Any]) -> String {
    """
    Must handle \(actions.count) received \
    action\(actions.count == 1 ? "" : "s") before sending an action.

    Unhandled actions: \(customDump(actions))
    """
  }

  static func unexpectedReceived(_ actions: [Any]) -> String {
    """
    The store received \(actions.count) unexpected \
    action\(actions.count == 1 ? "" : "s").

      Unhandled actions:
    \(actions.map { "    " + debugCaseOutput($0, abbreviated: true) }.joined(separator: "\n"))

    To fix, explicitly assert against these actions using "store.receive", skip these actions \
    by performing "await store.skipReceivedActions()", or consider using a non-exhaustive test \
    store: "store.exhaustivity = .off".
    """
  }

  static let effectStillRunning = """
    An effect returned for this action is still running. It must complete before the end of \
    the test.

    To fix, inspect any effects the reducer returns for this action and ensure that all of \
    them complete by the end of the test. There are a few reasons why an effect may not have \
    completed:

    If using async/await in your effect, it may need a little bit of time to properly \
    finish. To fix you can simply perform "await store.finish()" at the end of your test.

    If an effect uses a clock (or scheduler, via "receive(on:)", "delay", "debounce", etc.), \
    make sure that you wait enough time for it to perform the effect. If you are using a test \
    clock/scheduler, advance it so that the effects may complete, or consider using an \
    immediate clock/scheduler to immediately perform the effect instead.

    If you are returning a long-living effect (timers, notifications, subjects, etc.), \
    then make sure those effects are torn down by marking the effect ".cancellable" and \
    returning a corresponding cancellation effect ("Effect.cancel") from another action, or, \
    if your effect is driven by a Combine subject, send it a completion.

    If you do not wish to assert on these effects, perform "await \
    store.skipInFlightEffects()", or consider using a non-exhaustive test store: \
    "store.exhaustivity = .off".
    """

  static func effectsInFlightSuggestion(customTimeout: Bool) -> String {
    let timeoutMessage = customTimeout
      ? #"try increasing the duration of this assertion's "timeout""#
      : #"configure this assertion with an explicit "timeout""#
    return """
      There are effects in-flight. If the effect that delivers this action uses a \
      clock/scheduler (via "receive(on:)", "delay", "debounce", etc.), make sure that you \
      wait enough time for it to perform the effect. If you are using a test \
      clock/scheduler, advance it so that the effects may complete, or consider using \
      an immediate clock/scheduler to immediately perform the effect instead.

      If you are not yet using a clock/scheduler, or can not use a clock/scheduler, \
      \(timeoutMessage).
      """
  }

  static func effectsDidNotFinish(after duration: Duration, customTimeout: Bool) -> String {
    """
    Expected effects to finish, but there are still effects in-flight\
    \(duration > .zero ? " after \(duration)" : "").

    \(effectsInFlightSuggestion(customTimeout: customTimeout))
    """
  }

  static func receivedNone(exhaustive: Bool, after duration: Duration, customTimeout: Bool, hasEffectsInFlight: Bool) -> String {
    let suggestion = hasEffectsInFlight
      ? effectsInFlightSuggestion(customTimeout: customTimeout)
      : """
        There are no in-flight effects that could deliver this action. Could the effect you \
        expected to deliver this action have been cancelled?
        """
    return """
      Expected to receive \(exhaustive ? "an action" : "a matching action"), but \
      received none\
      \(duration > .zero ? " after \(duration)" : "").

      \(suggestion)
      """
  }

  static func skippedReceived(_ actions: [Any]) -> String {
    """
    \(actions.count) received action\
    \(actions.count == 1 ? " was" : "s were") skipped.

    \(actions.count == 1 ? customDump(actions[0]) : customDump(actions))
    """
  }

  static func skippedInFlight(_ actions: [Any]) -> String {
    """
    \(actions.count) in-flight effect\
    \(actions.count == 1 ? " was" : "s were") cancelled, originating from:

    \(actions.count == 1 ? customDump(actions[0]) : customDump(actions))
    """
  }

  static func unexpectedAction(description: String, expectedLater: Bool) -> String {
    """
    Received unexpected action\(expectedLater ? " before this one" : ""):

    \(description)
    """
  }
}
