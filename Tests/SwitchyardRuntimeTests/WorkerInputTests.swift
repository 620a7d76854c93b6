import Foundation
import SwitchyardDiagnostics
import SwitchyardTestSupport
import SwitchyardWire
import Testing
@testable import SwitchyardRuntime

/// What a worker does with input that is cut short, wrongly shaped or too deep, and with an output
/// too large for a frame: a clear line and exit status, or a clear failure of that job alone.
@MainActor
@Suite(.serialized)
struct WorkerInputTests {
  @Test func aFrameCutShortBeforeEndOfInputIsReportedWithANonZeroExit() async throws {
    var input: [UInt8] = []
    WorkerMessage.ping(.init(nonce: 1)).appendFrame(to: &input)
    input += [0, 0, 0, 40] + Array(#"{"type":"ping""#.utf8)
    let worker = try await runWorker(input: input)
    #expect(worker.status == .exited(65))
    // A pipe worker logs JSON, which its coordinator reads back as events.
    let events = worker.errorOutput.split(separator: "\n").map { LogEvent(workerLine: String($0)) }
    #expect(events.contains { $0.level == .error && $0.message.hasPrefix("the coordinator's last frame was cut short") })
    #expect(worker.messages.contains(.pong(.init(nonce: 1))))
  }

  @Test func aWellFramedMessageOfTheWrongShapeIsLoggedAndDroppedAndTheWorkerServesOn() async throws {
    var input: [UInt8] = []
    try FrameEncoder.append(payload: Array(#"{"type":"ping","nonce":"x"}"#.utf8), to: &input)
    try FrameEncoder.append(payload: Array(#"{"type":"teleport"}"#.utf8), to: &input)
    WorkerMessage.ping(.init(nonce: 2)).appendFrame(to: &input)
    let worker = try await runWorker(input: input)
    #expect(worker.status == .exited(0))
    let events = worker.errorOutput.split(separator: "\n").map { LogEvent(workerLine: String($0)) }
    #expect(events.filter { $0.level == .warning && $0.message.hasPrefix("dropped a message this worker does not understand") }.count == 2)
    #expect(worker.messages.contains(.pong(.init(nonce: 2))))
  }

  @Test func aPayloadThatIsNotJSONStillClosesTheWorker() async throws {
    var input: [UInt8] = []
    try FrameEncoder.append(payload: Array("garbage".utf8), to: &input)
    WorkerMessage.ping(.init(nonce: 3)).appendFrame(to: &input)
    let worker = try await runWorker(input: input)
    #expect(worker.status == .exited(65))
    #expect(!worker.messages.contains(.pong(.init(nonce: 3))))
  }

  @Test func theCoordinatorLogsAndDropsAWellFormedMessageItDoesNotKnowAndKeepsTheWorker() async throws {
    try await withCoordinator(pool: testPool(size: 1)) { coordinator, log in
      let before = coordinator.readyWorkerPIDs
      let job = ProbeJob(tag: "s", outputs: 3, intervalMillis: 20, behavior: .strangeMessage, misbehaveAfter: 1)
      coordinator.store.send(.start(name: "s", job: job, cancelInFlight: false))
      let run = try await coordinator.waitForRun("s") { $0.outcome != .running }
      #expect(run.outcome == .finished)
      #expect(run.attempts == 1)
      #expect(run.outputs == [0, 1, 2])
      #expect(coordinator.readyWorkerPIDs == before)
      #expect(log.lines.contains { $0.contains("dropped a message the coordinator does not understand") })
    }
  }

  @Test func outputsAreNumberedWithinTheEffectAndAJobMayResumeAfterThoseDelivered() async throws {
    func run(resumes: Bool) -> Run {
      let job = try! RawJSON(encoding: ProbeJob(tag: "r", outputs: 5, resumes: resumes))
      return Run(effect: 7, generation: 2, kind: "probe", job: job, attempt: 2, delivered: 3)
    }
    func emitted(_ messages: [WorkerMessage]) -> [UInt64?] {
      messages.compactMap { if case let .emit(emit) = $0 { emit.sequence } else { nil } }
    }
    func finishedAfter(_ messages: [WorkerMessage]) -> UInt64? {
      messages.lazy.compactMap { if case let .finished(end) = $0 { end.outputs } else { nil } }.first
    }
    // A handler that does not resume emits from the start; the coordinator drops 0, 1 and 2.
    let fromTheStart = try await runWorker(job: run(resumes: false))
    #expect(emitted(fromTheStart) == [0, 1, 2, 3, 4])
    // One that resumes emits only what was not delivered, numbered where it left off.
    let resumed = try await runWorker(job: run(resumes: true))
    #expect(emitted(resumed) == [3, 4])
    // Either way its `finished` says the effect emitted 5, so a coordinator missing the last sees it.
    #expect(finishedAfter(fromTheStart) == 5 && finishedAfter(resumed) == 5)
  }

  /// A `run` any Redis client can write said 2^63 outputs were delivered: every worker that took
  /// the job trapped, and its pool's workers one after another as it was retried.
  @Test func aRunSayingMoreOutputsWereDeliveredThanAWorkerCanCountIsRunNotATrap() async throws {
    let job = try RawJSON(encoding: ProbeJob(tag: "d", outputs: 2, resumes: true))
    let messages = try await runWorker(job: Run(effect: 7, generation: 1, kind: "probe", job: job, attempt: 2, delivered: 1 << 63))
    #expect(messages.contains { if case .finished = $0 { true } else { false } }, "\(messages)")
  }

  @Test func aRetriedAttemptThatEmitsAgainFromTheStartDeliversEachOutputOnce() async throws {
    try await withCoordinator(pool: testPool(size: 2)) { coordinator in
      let job = ProbeJob(tag: "c", outputs: 10, intervalMillis: 5, behavior: .crash, misbehaveAfter: 5)
      coordinator.store.send(.start(name: "c", job: job, cancelInFlight: false))
      let run = try await coordinator.waitForRun("c") { $0.outcome != .running }
      #expect(run.outcome == .finished)
      #expect(run.attempts == 2)
      #expect(run.outputs == Array(0..<10))
    }
  }

  @Test func aJobTooDeepForItsRunFrameFailsWhenEncodedAndOneLevelLessReachesTheWorker() throws {
    #expect(throws: (any Error).self) { try RemoteRequest(DeepJob(depth: Run.maxJobDepth + 1)) }
    let fits = try RemoteRequest(DeepJob(depth: Run.maxJobDepth))
    var frame: [UInt8] = []
    Run.appendFrame(effect: .max, generation: .max, kind: "deep", job: fits.job, deadlineMillis: .max, attempt: 1, to: &frame)
    let message = try WorkerMessage(payload: frame.dropFirst(Frame.headerLength))
    guard case .run = message else { Issue.record("decoded \(message)"); return }
  }

  @Test func theLargestOutputFitsAnEmitFrameWhateverItsEffect() throws {
    let limit = 4_096
    let output = Array(#""\#(String(repeating: "x", count: Emit.maxOutputLength(maxFrameLength: limit) - 2))""#.utf8)
    var frame: [UInt8] = []
    Emit.appendFrame(effect: .max, generation: .max, output: output, sequence: .max, to: &frame)
    #expect(frame.count - Frame.headerLength == limit)
  }

  @Test func anOutputLargerThanAFrameFailsItsJobWithOutputTooLarge() async throws {
    // Building and encoding 16 MiB keeps the worker from answering pings for a while on a busy
    // machine; it must not be mistaken for dead.
    try await withCoordinator(pool: testPool(size: 1, heartbeatTimeout: .seconds(60)), seconds: 60) { coordinator in
      let before = coordinator.readyWorkerPIDs
      let job = ProbeJob(tag: "big", payloadBytes: Frame.defaultMaxLength, retryable: false)
      coordinator.store.send(.start(name: "big", job: job, cancelInFlight: false))
      let run = try await coordinator.waitForRun("big") { $0.outcome != .running }
      #expect(run.failure?.code == .outputTooLarge)
      // The worker lives on: the next job runs on it.
      coordinator.store.send(.start(name: "next", job: ProbeJob(tag: "next"), cancelInFlight: false))
      let next = try await coordinator.waitForRun("next") { $0.outcome != .running }
      #expect(next.outcome == .finished)
      #expect(next.workerPIDs == before)
    }
  }
}

/// A job nested `depth` levels deep, its own object included.
private struct DeepJob: RemoteJob {
  typealias Output = Int
  static let kind: JobKind = "deep"
  var value: JSONValue

  init(depth: Int) {
    var value = JSONValue.null
    for _ in 0..<(depth - 1) { value = .array([value]) }
    self.value = value
  }
}

/// What `switchyard worker probe` wrote and how it exited, given all of its input at once.
private struct WorkerRun {
  var status: SwitchyardRuntime.ExitStatus
  var messages: [WorkerMessage]
  var errorOutput: String
}

/// The messages `switchyard worker probe` writes for one `run`, up to its end.
///
/// The worker is a ``ChildProcess``, connected by close-on-exec pipes as the coordinator connects
/// its own, not Foundation's `Process`, whose pipes and exit socket a process started meanwhile
/// could inherit; its pipes are read on a thread of its own, not a cooperative one.
private func runWorker(job run: Run) async throws -> [WorkerMessage] {
  try await withTimeout(120, "the worker") {
    try await offThread {
      let worker = try ChildProcess.spawn(executable: switchyardExecutable, arguments: ["worker", "probe"])
      let stdin = FileHandle(fileDescriptor: worker.stdin, closeOnDealloc: true)
      let stdout = FileHandle(fileDescriptor: worker.stdout, closeOnDealloc: true)
      // Its errors stay unread but open until it is reaped: a closed pipe would kill it with
      // SIGPIPE at its first line there.
      defer {
        try? stdin.close()
        _ = worker.reap(patience: .seconds(30))
        close(worker.stderr)
      }
      var input: [UInt8] = []
      WorkerMessage.run(run).appendFrame(to: &input)
      try stdin.write(contentsOf: input)
      var decoder = FrameDecoder()
      var messages: [WorkerMessage] = []
      reading: while true {
        let data = stdout.availableData
        guard !data.isEmpty else { break }
        decoder.append(contentsOf: data)
        while let payload = try decoder.next() {
          let message = try WorkerMessage(payload: payload)
          messages.append(message)
          if case .finished = message { break reading }
          if case .failed = message { break reading }
        }
      }
      return messages
    }
  }
}

private func runWorker(input: [UInt8]) async throws -> WorkerRun {
  try await withTimeout(120, "the worker") {
    try await offThread {
      let worker = try ChildProcess.spawn(executable: switchyardExecutable, arguments: ["worker", "probe"])
      let stdin = FileHandle(fileDescriptor: worker.stdin, closeOnDealloc: true)
      let stdout = FileHandle(fileDescriptor: worker.stdout, closeOnDealloc: true)
      let stderr = FileHandle(fileDescriptor: worker.stderr, closeOnDealloc: true)
      try stdin.write(contentsOf: input)
      try stdin.close()
      let output = stdout.readDataToEndOfFile()
      let errorOutput = stderr.readDataToEndOfFile()
      let status = worker.reap(patience: .seconds(30))
      var decoder = FrameDecoder()
      decoder.append(contentsOf: output)
      var payloads: [[UInt8]] = []
      while let payload = try decoder.next() { payloads.append(payload) }
      return WorkerRun(
        status: status,
        messages: payloads.compactMap { try? WorkerMessage(payload: $0) },
        errorOutput: String(decoding: errorOutput, as: UTF8.self)
      )
    }
  }
}
