/// What a ``JobHandler`` uses to report back while it runs: outputs, counters, and which attempt
/// this is.
public struct JobContext<Output: Sendable>: Sendable {
  private let emitOutput: @Sendable (Output) async -> Void
  private let bump: @Sendable (String, Int64) -> Void

  /// Emits past the worker's cancellation fence: only the `probe` diagnostics use it, to prove
  /// that the coordinator drops what a misbehaving worker sends after a cancel.
  package var emitIgnoringCancellation: (@Sendable (Output) -> Void)?

  /// Which attempt this is, from 1; above 1 when the job was retried after its worker died.
  public let attempt: Int

  /// Creates a context; executors make these, and handler tests may too.
  public init(
    attempt: Int = 1,
    emit: @escaping @Sendable (Output) async -> Void,
    increment: @escaping @Sendable (_ counter: String, _ amount: Int64) -> Void = { _, _ in }
  ) {
    self.attempt = attempt
    self.emitOutput = emit
    self.bump = increment
  }

  /// Sends one output to whoever started the job; outputs arrive in the order they are emitted.
  public func emit(_ output: Output) async {
    await emitOutput(output)
  }

  /// Adds `amount` to the named counter the worker reports in its heartbeats and `switchyard status`.
  public func increment(_ counter: String, by amount: Int64 = 1) {
    bump(counter, amount)
  }
}
