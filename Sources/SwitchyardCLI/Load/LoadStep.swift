import SwitchyardWire

/// One thing a simulated user does: send an action, then perhaps wait for the effect it starts to
/// come back, then pause.
public struct LoadStep: Sendable {
  /// How a step's effect came back, judged from the user's watched slice of state.
  public enum Outcome: Equatable, Sendable {
    /// The effect's result reached the state.
    case succeeded
    /// It failed; the string is the error's type, such as a job failure's code.
    case failed(String)
  }

  /// The action to send, as `switchyard send` takes it.
  public var action: JSONValue
  /// The worker kind whose effect the step starts, for latency by kind; `nil` for none.
  public var kind: String?
  /// Given the user's watched slice, the outcome once the step's effect is done, or `nil` while it
  /// is not. Absent for a step not waited on, such as a keystroke the next one supersedes.
  ///
  /// It is asked about every change of the slice and about the slice read at any moment after the
  /// action was sent, so it must judge from the slice alone, not from having seen a change.
  public var completion: (@Sendable (JSONValue) -> Outcome?)?
  /// How long the user waits after the step, like a person typing or reading.
  public var pause: Duration

  /// Creates a step.
  public init(
    action: JSONValue,
    kind: String? = nil,
    pause: Duration = .zero,
    completion: (@Sendable (JSONValue) -> Outcome?)? = nil
  ) {
    self.action = action
    self.kind = kind
    self.pause = pause
    self.completion = completion
  }
}
