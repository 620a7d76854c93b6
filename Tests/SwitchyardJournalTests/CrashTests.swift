import Foundation
import SwitchyardRuntime
import Testing

@testable import SwitchyardJournal

/// A writer killed with SIGKILL at random moments, twenty times over one data directory: after
/// each kill the journal reopens, and every record the writer had reported durable is there.
///
/// The writer is this test binary again, running ``CrashTests/appendUntilKilled()`` in a child
/// process: it appends from four tasks under `always` and prints each sequence once it is durable.
@Suite struct CrashTests {
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
            // One write(2) per line: a pipe keeps writes this small whole, whichever task makes them.
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
      #expect(log.all.count <= 1, "round \(round): \(log.all)")
      lastRecovered = journal.recovery.lastSequence
    }
    #expect(lastRecovered > 20)
  }

  /// Starts the child on `directory`, kills it with SIGKILL once it reported `count` durable
  /// records, and returns the highest it reported.
  ///
  /// Reads the child on a thread of its own: a blocking read on one of Swift's two cooperative
  /// threads here would stall every other test in the process for the whole crash loop.
  private func runChildUntilKilled(_ directory: TemporaryDirectory, afterAcknowledging count: Int) async throws -> UInt64 {
    let (highest, reason, status) = try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(with: Result { try Self.runChild(directory.path, afterAcknowledging: count) })
      }
    }
    #expect(reason == .uncaughtSignal, "the child ended on its own: \(status)")
    return highest
  }

  private static func runChild(_ directory: String, afterAcknowledging count: Int) throws
    -> (UInt64, Process.TerminationReason, Int32)
  {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    child.arguments = ["--testing-library", "swift-testing", "--filter", "appendUntilKilled"]
    child.environment = ProcessInfo.processInfo.environment.merging([Self.childDirectory: directory]) { $1 }
    let output = Pipe()
    child.standardOutput = output
    child.standardError = FileHandle.nullDevice
    try child.run()
    defer { if child.isRunning { kill(child.processIdentifier, SIGKILL) } }
    var highest: UInt64 = 0
    var reported = 0
    var pending = ""
    let reader = output.fileHandleForReading
    while true {
      let data = reader.availableData
      if data.isEmpty { break }
      pending += String(decoding: data, as: UTF8.self)
      while let newline = pending.firstIndex(of: "\n") {
        if let sequence = UInt64(pending[..<newline]) {
          highest = max(highest, sequence)
          reported += 1
        }
        pending.removeSubrange(...newline)
      }
      if reported >= count, child.isRunning {
        kill(child.processIdentifier, SIGKILL)
      }
    }
    if !child.waitForExit(within: 30) { child.kill(waitingUpTo: 10) }
    return (highest, child.terminationReason, child.terminationStatus)
  }
}
