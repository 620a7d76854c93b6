#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import SwitchyardJournal
import SwitchyardWire

/// What a worker process runs: reads `run`/`cancel`/`ping`/`shutdown` frames from standard input and
/// answers with `emit`/`finished`/`failed`/`pong`/`heartbeat` frames on standard output.
///
/// Each `run` gets its own task, started on the reading thread and running there until it first
/// suspends, so one worker serves many jobs at once and a job that never suspends costs no thread
/// wake. A cancelled job's task is
/// cancelled and nothing more is written for it. The worker exits with status 0 when its input
/// ends — the coordinator is gone, so no worker outlives it — or after a `shutdown`; with status 65
/// when its input breaks (a frame over the limit or cut short, a payload that is not a JSON
/// object). A well-formed object that is not a message is logged and dropped.
///
/// ```swift
/// WorkerHost(kind: "search", handlers: [SearchHandler()]).run()
/// ```
public struct WorkerHost: Sendable {
  /// The kind of pool this worker belongs to, announced in its `hello`.
  public let kind: JobKind
  let handlers: [String: AnyJobHandler]

  /// The buffered output above which `emit` waits for the coordinator to catch up.
  static let highWaterMarkBytes = 8 << 20

  /// The largest output an `emit` frame holds.
  static let maxOutputLength = Emit.maxOutputLength(maxFrameLength: Frame.defaultMaxLength)

  /// The failure that ends a job whose output does not fit in a frame.
  static func outputTooLarge(_ length: Int) -> JobFailure {
    JobFailure(
      code: .outputTooLarge,
      message: "An output of \(length) bytes is larger than a frame holds (\(maxOutputLength) bytes); send smaller outputs."
    )
  }

  /// Creates a host serving `handlers`; one of them must serve `kind`.
  public init(kind: JobKind, handlers: [any JobHandler]) {
    self.kind = kind
    self.handlers = Dictionary(
      handlers.map { ($0.kind.rawValue, AnyJobHandler($0)) },
      uniquingKeysWith: { _, last in last }
    )
  }

  /// Serves the coordinator on standard input and output until it goes away; never returns.
  ///
  /// Logs JSON whatever `--log-format` said: its standard error is read by the coordinator, which
  /// writes each event in its own format with the pool and this worker's pid added.
  public func run() -> Never {
    Logger.standardError.configure(format: .json, minimumLevel: .debug)
    guard handlers[kind.rawValue] != nil else {
      let known = handlers.keys.sorted().joined(separator: ", ")
      Logger.standardError.log(.error("this worker has no handler for '\(kind)' jobs; it serves: \(known)."))
      exit(64)
    }
    // A vanished coordinator shows up as EPIPE on write, handled by exiting, not as a signal.
    signal(SIGPIPE, SIG_IGN)
    let session = WorkerSession(
      handlers: handlers,
      writer: FrameWriter(fd: STDOUT_FILENO, onBrokenPipe: { exit(0) })
    )
    session.writer.enqueue(
      .hello(
        .init(
          version: ProtocolVersion.current,
          role: "worker",
          kind: kind.rawValue,
          pid: getpid(),
          capabilities: ["cancel", "concurrent"]
        )
      )
    )
    var reader = FrameReader(maxFrameLength: Frame.defaultMaxLength)
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    var lastReadFrames = 0
    while true {
      let payloads: [ArraySlice<UInt8>]
      var failure: FrameError?
      InputWait.untilReadable(STDIN_FILENO, afterReadOf: lastReadFrames)
      switch reader.read(from: STDIN_FILENO, into: &buffer) {
      case .wouldBlock: continue
      case let .endOfStream(leftover):
        // End of input: the coordinator is gone or let go of us. Exit at once, orphaning nothing;
        // a frame cut short means the stream broke, not that it ended well.
        if let leftover {
          Logger.standardError.log(.error("the coordinator's last frame was cut short (\(leftover)); exiting."))
          exit(65)
        }
        exit(0)
      case .failed: exit(0)
      case let .payloads(read): payloads = read
      case let .broken(error, read): (payloads, failure) = (read, error)
      }
      lastReadFrames = payloads.count
      // Jobs that finish without suspending do so during `handle`: what they write for this whole
      // read leaves in one `write`.
      session.writer.hold()
      defer { session.writer.release() }
      do {
        for payload in payloads { try session.handle(payload: payload) }
        if let failure { throw failure }
      } catch {
        session.writer.release()
        session.writer.flush()
        Logger.standardError.log(.error("the coordinator sent a malformed frame (\(error)); exiting."))
        exit(65)
      }
    }
  }
}

/// The state of one worker process while it serves its coordinator.
struct WorkerSession: Sendable {
  let handlers: [String: AnyJobHandler]
  let writer: any ReplyWriter
  let jobs = RunningJobs()
  let counters = WorkerCounters()
  let liveTasks = LiveTaskCount()

  /// Handles one frame's payload; one that is a well-formed object but no message is logged and
  /// dropped, and anything worse is thrown.
  func handle(payload: ArraySlice<UInt8>) throws(WireError) {
    let message: WorkerMessage
    do {
      message = try WorkerMessage(payload: payload)
    } catch where error.isMessageLevel {
      Logger.standardError.log(.warning("dropped a message this worker does not understand (\(error))."))
      return
    }
    handle(message)
  }

  func handle(_ message: WorkerMessage) {
    switch message {
    case let .run(run):
      start(run)
    case let .cancel(cancel):
      counters.increment(.cancelsReceived)
      jobs.cancel(effect: cancel.effect, generation: cancel.generation)
    case let .ping(ping):
      writer.enqueue(.pong(.init(nonce: ping.nonce)))
      writer.enqueue(.heartbeat(.init(inFlight: jobs.count, counters: counters.snapshot)))
    case let .shutdown(shutdown):
      stop(grace: .milliseconds(shutdown.graceMillis))
    case let .hello(hello):
      guard ProtocolVersion.isCompatible(hello.version) else {
        Logger.standardError.log(.error("\(WireError.versionMismatch(local: ProtocolVersion.current, remote: hello.version))"))
        exit(76)
      }
    default:
      break
    }
  }

  private func start(_ run: Run) {
    counters.increment(.runsReceived)
    let (effect, generation) = (run.effect, run.generation)
    guard let handler = handlers[run.kind] else {
      writer.enqueue(
        .failed(
          .init(
            effect: effect,
            generation: generation,
            code: JobFailure.Code.unavailable.rawValue,
            message: "This worker serves \(handlers.keys.sorted()), not '\(run.kind)'.",
            retryable: false
          )
        )
      )
      return
    }
    jobs.insert(effect: effect, generation: generation)
    let jobRun = JobRun(run, handler: handler, session: self)
    liveTasks.increment()
    // Immediate: the job runs on this thread until it first suspends, and one that never does
    // (a cache hit, a computation) finishes without waking another thread.
    let task = Task.immediate { [jobRun] in await jobRun.run() }
    jobs.attach(task, effect: effect, generation: generation)
  }

  /// Cancels every job, gives handlers up to `grace` to wind down, then exits.
  private func stop(grace: Duration) {
    jobs.cancelAll()
    let (writer, liveTasks) = (writer, liveTasks)
    Thread.detachNewThread {
      _ = liveTasks.waitUntilNone(within: grace)
      writer.flush()
      exit(0)
    }
  }
}

/// How many job tasks are still running, cancelled or not.
final class LiveTaskCount: Sendable {
  private let count = Atomic<Int>(0)
  /// Signalled each time the count falls to zero, for ``waitUntilNone(within:)``.
  private let none = DispatchSemaphore(value: 0)
  var value: Int { count.load(ordering: .acquiring) }
  func increment() { count.add(1, ordering: .relaxed) }
  func decrement() {
    if count.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { none.signal() }
  }

  /// Blocks until no task runs, or `timeout` has passed; whether none does.
  func waitUntilNone(within timeout: Duration) -> Bool {
    let deadline = DispatchTime.now() + .nanoseconds(Int(timeout.wholeNanoseconds))
    // A signal may be left from an earlier time the count fell to zero: look again after each.
    while value > 0 {
      if none.wait(timeout: deadline) == .timedOut { return value == 0 }
    }
    return true
  }
}
