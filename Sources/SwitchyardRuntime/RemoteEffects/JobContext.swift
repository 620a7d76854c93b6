/// What a ``JobHandler`` uses to report back while it runs: outputs, counters, and which attempt
/// this is.
public struct JobContext<Output: Sendable>: Sendable {
  private let emitOutput: @Sendable (Output) async -> Void
  private let bump: @Sendable (String, Int64) -> Void

  /// Emits past the worker's cancellation fence: only the `probe` diagnostics use it, to prove
  /// that the coordinator drops what a misbehaving worker sends after a cancel.
  package var emitIgnoringCancellation: (@Sendable (Output) -> Void)?

  private let skip: @Sendable (Int) -> Void

  /// Which attempt this is, from 1; above 1 when the job was retried after its worker died.
  public let attempt: Int

  /// How many of the effect's outputs earlier attempts delivered: the coordinator drops repeats
  /// of them, so a handler that can pick up where it left off calls ``resume()`` and skips them.
  public let deliveredOutputs: Int

  /// Creates a context; executors make these, and handler tests may too.
  public init(
    attempt: Int = 1,
    deliveredOutputs: Int = 0,
    emit: @escaping @Sendable (Output) async -> Void,
    increment: @escaping @Sendable (_ counter: String, _ amount: Int64) -> Void = { _, _ in },
    skip: @escaping @Sendable (_ outputs: Int) -> Void = { _ in }
  ) {
    self.attempt = attempt
    self.deliveredOutputs = deliveredOutputs
    self.emitOutput = emit
    self.bump = increment
    self.skip = skip
  }

  /// Resumes after the outputs earlier attempts delivered: the next ``emit(_:)`` is numbered as
  /// output ``deliveredOutputs``. Call it once, before the first emit; returns
  /// ``deliveredOutputs``, the index to start from. A handler that does not call it emits from
  /// the start, and the coordinator drops what it already delivered.
  @discardableResult
  public func resume() -> Int {
    skip(deliveredOutputs)
    return deliveredOutputs
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
