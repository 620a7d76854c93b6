#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import SwitchyardTestSupport
import Testing

@testable import SwitchyardRuntime

/// The processes tests start: exactly the descriptors, environment and directory they are given,
/// and reaped by the test that started them.
@Suite(.onAThreadOfItsOwn) struct TestProcessTests {
  /// Foundation's `Process` left each child its own exit socket, which the child's children
  /// inherit, and closed the parent's other descriptors by a list made before it spawned.
  @Test func childrenStartedFromManyThreadsAtOnceHoldOnlyTheirStandardDescriptors() throws {
    // Meanwhile a thread opens and closes descriptors without close-on-exec, as Foundation's
    // `Process` does for its socket.
    let churning = Atomic(true)
    let churned = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      while churning.load(ordering: .relaxed) {
        var ends = [Int32](repeating: -1, count: 32)
        for pair in stride(from: 0, to: ends.count, by: 2) { ends.withUnsafeMutableBufferPointer { _ = pipe($0.baseAddress! + pair) } }
        ends.filter { $0 >= 0 }.forEach { close($0) }
      }
      churned.signal()
    }
    let children: [TestProcess]
    do {
      defer {
        churning.store(false, ordering: .relaxed)
        churned.wait()
      }
      children = try Self.startAtOnce(threads: 8, each: 6) { try TestProcess(["10"], executable: "/bin/sleep") }
    }
    defer { children.forEach { $0.stop() } }
    #expect(children.count == 48)
    for child in children {
      // `sleep` itself opens locale files as it starts, for a moment: only a descriptor that stays
      // was inherited.
      var open = try Self.descriptors(of: child.pid)
      let deadline = ContinuousClock.now + .seconds(30)
      while open != [0, 1, 2], ContinuousClock.now < deadline {
        usleep(10_000)
        open = try Self.descriptors(of: child.pid)
      }
      let targets = open.map { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(child.pid)/fd/\($0)")) ?? "?" }
      #expect(open == [0, 1, 2], "child \(child.pid) holds \(Array(zip(open, targets)))")
      guard targets.count == 3 else { continue }
      #expect(targets[0] == "/dev/null" && targets[1].hasSuffix(".out") && targets[2].hasSuffix(".err"), "\(targets)")
    }
  }

  static func descriptors(of pid: Int32) throws -> [Int32] {
    try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").compactMap { Int32($0) }.sorted()
  }

  /// Foundation's `Process` learnt of an exit when its socket closed, which a process the child
  /// started and left running had inherited: the test waited on for that process.
  @Test func aChildsExitIsSeenWhileAProcessItStartedLivesOn() async throws {
    let child = try TestProcess(["-c", "sleep 30 & exit 4"], executable: "/bin/sh")
    // The sleep is in the child's process group, which lives on as long as the sleep does.
    defer { kill(-child.pid, SIGKILL) }
    defer { child.stop() }
    #expect(try await child.exitStatus(within: 20) == 4)
  }

  @Test func outputErrorsAndStatusGoToTheTest() async throws {
    let result = try await runToExit(["-c", "echo out; echo err >&2; exit 3"], executable: "/bin/sh")
    #expect(result.status == 3)
    #expect(result.output == "out\n")
    #expect(result.errorOutput == "err\n")
  }

  /// Peers whose output and errors a test reads together, as from one pipe, name one file for both.
  @Test func outputAndErrorsNamingOneFileInterleaveInIt() async throws {
    let path = NSTemporaryDirectory() + "sy-merged-\(UUID().uuidString).log"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let child = try SpawnedProcess.start(
      "/bin/sh",
      ["-c", "echo one; echo two >&2; echo three"],
      outputPath: path,
      errorPath: path
    )
    #expect(await child.exitStatus(killingAfter: 5) == 0)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "one\ntwo\nthree\n")
  }

  @Test func theEnvironmentIsTheTestsOwnWithTheGivenValuesOverIt() async throws {
    let home = try #require(ProcessInfo.processInfo.environment["HOME"])
    let result = try await runToExit(
      ["-c", "echo \"$SY_ADDED $HOME\""],
      environment: ["SY_ADDED": "added"],
      executable: "/bin/sh"
    )
    #expect(result.output == "added \(home)\n")
    // `/usr/bin/env` finds a program on the PATH the test passed on, as the callers running python rely on.
    #expect(try await runToExit(["sh", "-c", "echo found"], executable: "/usr/bin/env").output == "found\n")
  }

  @Test func itRunsInTheGivenDirectoryReadingNothing() async throws {
    let directory = makeRunDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try await runToExit(["-c", "pwd; cat; readlink /proc/self/fd/0"], executable: "/bin/sh", in: directory)
    #expect(result.output == "\(directory)\n/dev/null\n")
    #expect(result.status == 0)
  }

  @Test func aMissingExecutableThrowsWhatWentWrong() {
    #expect(throws: ProcessError.spawnFailed(executable: "/nonexistent/program", errno: ENOENT)) {
      try TestProcess([], executable: "/nonexistent/program")
    }
  }

  @Test func terminateEndsTheChildAndReapsIt() async throws {
    let child = try TestProcess(["30"], executable: "/bin/sleep")
    defer { child.stop() }
    #expect(getpgid(child.pid) == child.pid, "a test's child leads its own process group")
    #expect(child.isRunning)
    #expect(await child.terminate() == SIGTERM)
    #expect(!child.isRunning)
    #expect(!processExists(child.pid), "terminate left a zombie")
  }

  @Test func terminateKillsAChildThatIgnoresSigterm() async throws {
    let child = try TestProcess(["-c", "trap '' TERM; echo trapped; exec sleep 30"], executable: "/bin/sh")
    defer { child.stop() }
    try await child.waitForOutput("the trap") { $0 == "trapped\n" }
    #expect(await child.terminate(within: 0.5) == SIGKILL)
    #expect(!processExists(child.pid), "terminate left a zombie")
  }

  @Test func stopKillsAndReapsTheChild() throws {
    let child = try TestProcess(["30"], executable: "/bin/sleep")
    child.stop()
    #expect(!child.isRunning)
    #expect(!processExists(child.pid), "stop left the child or its zombie")
  }

  @Test func aChildThatOverrunsItsTimeIsStoppedAndReported() async throws {
    let child = try TestProcess(["30"], executable: "/bin/sleep")
    defer { child.stop() }
    await #expect(throws: TimedOut.self) { try await child.exitStatus(within: 0.2) }
    #expect(!processExists(child.pid))
  }

  /// Starts `each` processes with `start` on each of `threads` threads, released together.
  private static func startAtOnce(
    threads: Int,
    each: Int,
    _ start: @escaping @Sendable () throws -> TestProcess
  ) throws -> [TestProcess] {
    let gate = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    let started = Mutex<[Result<TestProcess, any Error>]>([])
    for _ in 0..<threads {
      done.enter()
      Thread.detachNewThread {
        gate.wait()
        for _ in 0..<each {
          let child = Result { try start() }
          started.withLock { $0.append(child) }
        }
        done.leave()
      }
    }
    for _ in 0..<threads { gate.signal() }
    let finished = done.wait(timeout: .now() + 30) == .success
    let results = started.withLock { $0 }
    let children = results.compactMap { try? $0.get() }
    do {
      guard finished else { throw TimedOut(what: "\(threads * each) processes to start") }
      for result in results { _ = try result.get() }
    } catch {
      children.forEach { $0.stop() }
      throw error
    }
    return children
  }
}
