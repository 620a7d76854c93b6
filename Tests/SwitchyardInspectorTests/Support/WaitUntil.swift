/// Why a test stopped waiting.
struct TimedOut: Error, CustomStringConvertible {
  let what: String
  var description: String { "timed out after 10 s waiting for \(what)" }
}

/// Returns once `condition` holds, checking every 10 ms; throws ``TimedOut`` after 10 s.
@MainActor
func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
  let deadline = ContinuousClock.now + .seconds(10)
  while !condition() {
    guard ContinuousClock.now < deadline else { throw TimedOut(what: what) }
    try await Task.sleep(for: .milliseconds(10))
  }
}
