/// Why a Redis case could not measure.
enum RedisBenchmarkError: Error, CustomStringConvertible {
  /// The worker thread stopped answering.
  case noReply

  var description: String {
    "The benchmark's worker thread gave no reply within 5 s; check the Redis server's log."
  }
}
