import Synchronization
import SwitchyardTestSupport
import SwitchyardWire
import Testing
@testable import SwitchyardRuntime

/// An output its handler gives that JSON cannot hold fails the job, instead of vanishing while the
/// effect waits for it.
@MainActor
struct UnencodableOutputTests {
  struct Reading: RemoteJob {
    typealias Output = Double
    static let kind: JobKind = "reading"
  }

  struct EmitsNotANumber: JobHandler {
    func run(_ job: Reading, context: JobContext<Double>) async throws {
      await context.emit(.nan)
      await context.emit(1)
    }
  }

  @Test func anOutputThatCannotBeEncodedFailsItsJobAsMalformedAndNothingAfterItCounts() async throws {
    let written = Mutex<[UInt8]>([])
    let host = WorkerHost(kind: Reading.kind, handlers: [EmitsNotANumber()])
    let worker = try #require(host.inProcess { bytes in written.withLock { $0 += bytes } })
    worker.handle([.run(Run(effect: 7, generation: 2, kind: "reading", job: try RawJSON(encoding: Reading())))])

    var messages: [WorkerMessage] = []
    try await eventually("the job to end") {
      var decoder = FrameDecoder()
      decoder.append(contentsOf: written.withLock { $0 })
      messages = []
      while let payload = try? decoder.next(), let message = try? WorkerMessage(payload: payload) { messages.append(message) }
      return !messages.isEmpty
    }
    guard case let .failed(failed) = try #require(messages.first) else {
      Issue.record("expected a failure, got \(messages)")
      return
    }
    #expect(messages.count == 1, "the output after the failure is fenced off: \(messages)")
    #expect(failed.effect == 7 && failed.generation == 2)
    #expect(failed.code == JobFailure.Code.malformed.rawValue)
    #expect(failed.message.contains("Could not encode an output of a 'reading' job"))
    #expect(!failed.retryable)
  }
}
