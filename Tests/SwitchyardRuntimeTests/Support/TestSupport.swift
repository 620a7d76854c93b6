import Foundation
import Testing
@testable import SwitchyardRuntime

/// The `switchyard` executable built next to this test bundle: coordinator and workers alike.
let switchyardExecutable: String = {
  let testBinary = URL(fileURLWithPath: currentExecutablePath())
  return testBinary.deletingLastPathComponent().appendingPathComponent("switchyard").path
}()

/// A fresh run directory under /tmp, short enough for a Unix socket path.
func makeRunDirectory() -> String {
  let path = "/tmp/sy-test-\(getpid())-\(UUID().uuidString.prefix(8))"
  mkdir(path, 0o700)
  return path
}

/// An error thrown when a test's bounded wait runs out.
struct TimedOut: Error, CustomStringConvertible {
  let what: String
  var description: String { "Timed out waiting for \(what)." }
}

/// Runs `body`, failing with ``TimedOut`` after `seconds`.
@MainActor
func withTimeout<T: Sendable>(
  _ seconds: Double,
  _ what: String = "the test",
  _ body: @MainActor @escaping () async throws -> T
) async throws -> T {
  try await withThrowingTaskGroup(of: T.self) { group in
    group.addTask { try await body() }
    group.addTask {
      try await Task.sleep(for: .seconds(seconds))
      throw TimedOut(what: what)
    }
    defer { group.cancelAll() }
    return try await group.next()!
  }
}

/// Waits until `condition` holds, checking every 10 ms, for at most `seconds`.
///
/// For conditions nothing streams (a pool's size after a restart): state changes are awaited
/// through `store.observe` instead.
@MainActor
func eventually(
  _ what: String,
  within seconds: Double = 10,
  _ condition: @MainActor () -> Bool
) async throws {
  let deadline = ContinuousClock.now + .seconds(seconds)
  while !condition() {
    guard ContinuousClock.now < deadline else { throw TimedOut(what: what) }
    try await Task.sleep(for: .milliseconds(10))
  }
}

/// Whether a process with `pid` still exists (alive or not yet reaped).
func processExists(_ pid: Int32) -> Bool {
  kill(pid, 0) == 0 || errno != ESRCH
}

/// Whether `pid` is running: it exists and is not a zombie waiting for someone to reap it.
///
/// Orphans are reaped by whatever init the machine has, whenever it gets to it; a zombie has
/// already exited, which is what a test of orphans needs to know.
func processIsRunning(_ pid: Int32) -> Bool {
  guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
    let close = stat.lastIndex(of: ")")
  else { return false }
  let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
  return state != "Z" && state != "X"
}
