import Foundation
import SwitchyardRuntime
import SwitchyardTestSupport
import Testing

@testable import SwitchyardJournal

/// A writer killed with SIGKILL at random moments, twenty times over one data directory: after
/// each kill the journal reopens, and every record the writer had reported durable is there.
///
/// The writer is this test binary again, running ``CrashTests/appendUntilKilled()`` in a child
/// process: it appends from four tasks under `always` and prints each sequence once it is durable.
@Suite(.onAThreadOfItsOwn) struct CrashTests {
  static let childDirectory = "SWITCHYARD_JOURNAL_CRASH_CHILD"

  @Test(.enabled(if: ProcessInfo.processInfo.environment[childDirectory] != nil, "runs only as the child of the kill test"))
  func appendUntilKilled() async throws {
    let path = ProcessInfo.processInfo.environment[Self.childDirectory]!
    let journal = try Journal.open(directory: path, options: JournalOptions(durability: .always)) { _ in }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          while true {
            let sequence = try journal.append(Array("record".utf8))
            try await journal.waitUntilDurable(sequence)
            // One write(2) per line: Linux keeps writes to one open file whole, whichever task makes them.
            let line = Array("\(sequence)\n".utf8)
            _ = line.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
          }
        }
      }
      try await group.waitForAll()
    }
  }

  @Test(.timeLimit(.minutes(2)))
  func everyDurableRecordSurvivesSIGKILL() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    var generator = SystemRandomNumberGenerator()
    var lastRecovered: UInt64 = 0
    for round in 1...20 {
      let acknowledged = try await runChildUntilKilled(directory, afterAcknowledging: Int.random(in: 1...300, using: &generator))
      #expect(acknowledged > lastRecovered, "round \(round): the child reported nothing new")
      let log = LogLines()
      var replayed: [UInt64] = []
      let journal = try Journal.open(directory: directory.path, options: JournalOptions(log: log.append)) { _ in } replay: {
        replayed.append($0.sequence)
      }
      journal.close()
      #expect(replayed.first.map { $0 == 1 } ?? true, "round \(round)")
      #expect(journal.recovery.lastSequence >= acknowledged, "round \(round): \(acknowledged) was durable")
      #expect(journal.recovery.lastSequence >= lastRecovered, "round \(round)")
      #expect(log.lines.count <= 1, "round \(round): \(log.lines)")
      lastRecovered = journal.recovery.lastSequence
    }
    #expect(lastRecovered > 20)
  }

  /// Starts the child on `directory`, kills it with SIGKILL once it reported `count` durable
  /// records, and returns the highest it reported.
  ///
  /// The child writes to a file and starts as a ``SpawnedProcess``, not Foundation's `Process`
  /// with a pipe read to its end: that end waited for every process holding the pipe or
  /// Foundation's exit socket, and the read held a thread of its own.
  private func runChildUntilKilled(_ directory: TemporaryDirectory, afterAcknowledging count: Int) async throws -> UInt64 {
    let outputPath = directory.path + ".child-output"
    defer { try? FileManager.default.removeItem(atPath: outputPath) }
    let child = try SpawnedProcess.start(
      CommandLine.arguments[0],
      ["--testing-library", "swift-testing", "--filter", "appendUntilKilled"],
      environment: [Self.childDirectory: directory.path],
      outputPath: outputPath,
      errorPath: "/dev/null"
    )
    defer { child.kill(waitingUpTo: 10) }
    let reported = { Self.sequences(in: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "") }
    let deadline = ContinuousClock.now + .seconds(60)
    while child.isRunning, reported().count < count {
      guard ContinuousClock.now < deadline else { throw TimedOut(what: "the child to report \(count) durable records") }
      try await Task.sleep(for: .milliseconds(2))
    }
    child.send(SIGKILL)
    let ending = await child.exited(within: 30) ? child.reapIfExited() : nil
    let killed = if case .some(.signalled) = ending { true } else { false }
    #expect(killed, "the child ended on its own: \(ending.map(String.init(describing:)) ?? "still running")")
    return reported().max() ?? 0
  }

  /// The sequences in the child's whole lines; a line it was writing as it died is not yet one.
  private static func sequences(in output: String) -> [UInt64] {
    output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().compactMap { UInt64($0) }
  }
}
