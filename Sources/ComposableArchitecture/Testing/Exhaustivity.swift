/// How strictly a ``TestStore`` checks a test.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, received action and running effect must be asserted.
  case on

  /// Only what the test asserts is checked; with `showSkippedAssertions`, what was skipped is
  /// printed, which helps turn an exploratory test into an exhaustive one.
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, without reporting skipped assertions.
  public static let off = Self.off(showSkippedAssertions: false)
}
