/// Where a ``JobExecutor`` delivers a job's outputs.
///
/// ``ComposableArchitecture/Effect/remote(_:transform:)`` makes emitters that run on the main actor,
/// which lets the coordinator deliver a whole batch of outputs from a worker synchronously, with no
/// hop per output. Emitters made with ``init(_:)`` are awaited one output at a time, in order.
public struct JobEmitter<Output: Sendable>: Sendable {
  /// How the emitter delivers: on the main actor without suspending, or asynchronously.
  enum Sink: Sendable {
    case mainActor(@MainActor @Sendable (Output) -> Void)
    case async(@Sendable (Output) async -> Void)
  }

  let sink: Sink

  /// Creates an emitter that forwards each output to `emit`.
  public init(_ emit: @escaping @Sendable (Output) async -> Void) {
    self.sink = .async(emit)
  }

  /// Creates an emitter that the coordinator calls synchronously on the main actor.
  init(mainActor emit: @escaping @MainActor @Sendable (Output) -> Void) {
    self.sink = .mainActor(emit)
  }

  /// Emits one output.
  public func callAsFunction(_ output: Output) async {
    switch sink {
    case let .mainActor(emit): await emit(output)
    case let .async(emit): await emit(output)
    }
  }
}
