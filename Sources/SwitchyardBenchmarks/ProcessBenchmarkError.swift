/// Why a process-boundary case could not measure.
enum ProcessBenchmarkError: Error, CustomStringConvertible {
  /// The raw echo child closed its pipe or exited.
  case rawEchoClosed
  /// The pool's worker did not report ready within the deadline.
  case workerNotReady(seconds: Int)
  /// A remote effect ended in a failure instead of finishing.
  case effectFailed(String)

  var description: String {
    switch self {
    case .rawEchoClosed:
      "The raw echo child closed its pipe; check that 'switchyard worker raw-echo' runs."
    case let .workerNotReady(seconds):
      "No worker reported ready within \(seconds) s; check the log lines above for why it exited."
    case let .effectFailed(reason):
      "A probe effect failed instead of finishing: \(reason)"
    }
  }
}
