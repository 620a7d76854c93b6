/// Where a ``JobExecutor`` delivers a job's outputs, one at a time and in order.
public struct JobEmitter<Output: Sendable>: Sendable {
  private let emit: @Sendable (Output) async -> Void

  /// Creates an emitter that forwards each output to `emit`.
  public init(_ emit: @escaping @Sendable (Output) async -> Void) {
    self.emit = emit
  }

  /// Emits one output.
  public func callAsFunction(_ output: Output) async {
    await emit(output)
  }
}
