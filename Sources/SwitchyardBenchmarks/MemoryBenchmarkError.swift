/// Why the memory case could not measure.
enum MemoryBenchmarkError: Error, CustomStringConvertible {
  /// The store holds fewer sessions than it was given, or memory could not be read.
  case sessionsNotOpened(Int)

  var description: String {
    switch self {
    case let .sessionsNotOpened(count):
      "Only \(count) of 10,000 demo sessions opened, or /proc/self/statm is unreadable."
    }
  }
}
