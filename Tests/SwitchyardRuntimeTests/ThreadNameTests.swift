import Foundation
import SwitchyardTestSupport
import Testing
@testable import SwitchyardRuntime

/// The threads THREADS.md lists carry their names into the kernel, where `top -H`, `ps -L` and
/// `perf` read them: Linux refuses a name over 15 bytes and leaves the thread unnamed.
@Suite(.serialized, .onAThreadOfItsOwn)
struct ThreadNameTests {
  /// The names of the threads of process `pid`, as `/proc` shows them.
  func threadNames(of pid: Int32) -> Set<String> {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return Set(tasks.compactMap { task in
      (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8))?
        .trimmingCharacters(in: .whitespacesAndNewlines)
    })
  }

  @Test func aCoordinatorsAndAWorkersThreadsAreNamed() async throws {
    let coordinator = try CoordinatorProcess(pools: "probe=1")
    defer { coordinator.cleanUp() }
    try await withTimeout(120) {
      let client = try await coordinator.connect()
      try await eventually("a ready worker") { (try? client.status().workers.first?.state) == "ready" }
      let worker = try #require(try client.status().workers.first?.pid)
      let expected: Set = ["sy-control", "sy-signals", "sy-journal", "sy-io-\(worker)"]
      let pid = coordinator.process.pid
      try? await eventually("the coordinator's named threads") { threadNames(of: pid).isSuperset(of: expected) }
      #expect(threadNames(of: pid).isSuperset(of: expected), "\(threadNames(of: pid))")
      #expect(threadNames(of: worker).contains("sy-writer"), "\(threadNames(of: worker))")
    }
  }
}
