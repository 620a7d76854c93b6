/// How strictly a ``TestStore`` checks a test.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, received action and running effect must be asserted.
  case on

  /// Only what the test asserts is checked; with `showSkippedAssertions`, what was skipped is
  /// reported as an expected issue (informational, never a failure), which helps turn an
  /// exploratory test into an exhaustive one.
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, without reporting skipped assertions.
  public static let off = Self.off(showSkippedAssertions: false)
}

extension Exhaustivity {
  /// Reports an assertion the test did not make, as this level treats it: a failure when on, an
  /// expected issue headed "Skipped assertions." when showing skipped assertions, else nothing.
  func reportSkipped(_ message: String, location: CallSite) {
    switch self {
    case .on:
      reportIssue(message, location: location)
    case .off(showSkippedAssertions: true):
      reportExpectedIssue("Skipped assertions.\n\n\(message)", location: location)
    case .off(showSkippedAssertions: false):
      break
    }
  }
}
