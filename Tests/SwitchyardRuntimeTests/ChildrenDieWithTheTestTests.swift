#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SwitchyardTestSupport
import Testing

/// A test's children die with the test's process, however it ends: this test bundle is run again
/// as a parent that starts a child and is killed with SIGKILL, as a crash would end it.
@Suite struct ChildrenDieWithTheTestTests {
  /// Set for the parent run: where it writes its child's pid.
  private static let pidFileVariable = "SWITCHYARD_TEST_HOLD_A_CHILD"

  @Test(.timeLimit(.minutes(2)))
  func aChildOfAKilledTestProcessIsKilledWithIt() async throws {
    let pidFile = uniqueTemporaryPath("child-pid")
    defer { try? FileManager.default.removeItem(atPath: pidFile) }
    // The parent's temporary files, its child's output among them, in a directory of its own: killed,
    // it removes none of them itself.
    let parentTemporary = uniqueTemporaryPath("parent-tmp")
    try FileManager.default.createDirectory(atPath: parentTemporary, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(atPath: parentTemporary) }
    let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    let parent = try TestProcess(
      ["--testing-library", "swift-testing", "--filter", "ChildrenDieWithTheTestTests/holdAChildUntilKilled"],
      environment: [Self.pidFileVariable: pidFile, "TMPDIR": parentTemporary],
      executable: bundle
    )
    defer { parent.stop() }
    try await eventually("the parent test process to start its child", within: 60) {
      (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { Int32($0) } != nil
    }
    let child = try #require((try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { Int32($0) })
    #expect(processIsRunning(child), "the child outlives the short-lived thread it was started from")

    kill(parent.pid, SIGKILL)

    try await eventually("the child to die with its parent") { !processIsRunning(child) }
  }

  /// The parent's part, run only by the test above: starts a child from a thread that ends at
  /// once, says its pid, and waits to be killed.
  @Test func holdAChildUntilKilled() async throws {
    guard let pidFile = ProcessInfo.processInfo.environment[Self.pidFileVariable] else { return }
    let child = try await offThread { try TestProcess(["600"], executable: "/bin/sleep") }
    try await Task.sleep(for: .milliseconds(200))
    try "\(child.pid)".write(toFile: pidFile, atomically: true, encoding: .utf8)
    try await Task.sleep(for: .seconds(100))
    child.stop()
  }
}
