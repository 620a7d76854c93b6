#if canImport(Glibc)
import Glibc
#endif
import SwitchyardRuntime
import SwitchyardWire

/// Serves ``ProbeJob``s: in a worker process, or in-process under a test.
public struct ProbeHandler: JobHandler {
  /// Creates the handler.
  public init() {}

  /// Emits the job's outputs on its schedule, misbehaving as it asks on the attempts it names.
  public func run(_ job: ProbeJob, context: JobContext<ProbeOutput>) async throws {
    context.increment("probesStarted")
    try Self.check(job)
    let payload = String(repeating: "x", count: job.payloadBytes)
    let misbehaves = job.behavior != .normal && context.attempt <= job.misbehaveThroughAttempt
    if job.workMillis > 0 { burnCPU(milliseconds: job.workMillis) }
    let first = job.resumes ? min(context.resume(), job.outputs) : 0
    for index in first..<job.outputs {
      if misbehaves, index == job.misbehaveAfter { try misbehave(job, context: context) }
      if job.intervalMillis > 0 {
        do {
          try await Task.sleep(for: .milliseconds(job.intervalMillis))
        } catch {
          guard misbehaves, job.behavior == .ignoreCancellation else {
            context.increment("probesCancelled")
            throw error
          }
          // Cancelled, but a buggy worker carries on: sleep without honouring it.
          usleep(UInt32(clamping: min(job.intervalMillis, Int(UInt32.max / 1_000)) * 1_000))
        }
      }
      let output = ProbeOutput(tag: job.tag, index: index, attempt: context.attempt, payload: payload)
      if misbehaves, job.behavior == .ignoreCancellation, let unfenced = context.emitIgnoringCancellation {
        unfenced(output)
      } else {
        if Task.isCancelled {
          context.increment("probesCancelled")
          throw CancellationError()
        }
        await context.emit(output)
      }
    }
    if misbehaves, job.misbehaveAfter >= job.outputs { try misbehave(job, context: context) }
  }

  /// Refuses a job no worker can run, as `badJob`: a client may send any numbers, and a negative
  /// count or a filler larger than a frame would trap the worker (a range, a string's size), so
  /// every retry would crash it again.
  static func check(_ job: ProbeJob) throws {
    guard job.outputs >= 0 else {
      throw JobFailure(code: "badJob", message: "The probe '\(job.tag)' asks for \(job.outputs) outputs; ask for 0 or more.")
    }
    guard (0...Frame.defaultMaxLength).contains(job.payloadBytes) else {
      let message = "The probe '\(job.tag)' asks for \(job.payloadBytes) bytes of filler; ask for 0 to \(Frame.defaultMaxLength), what a frame holds."
      throw JobFailure(code: "badJob", message: message)
    }
  }

  /// Spins until this thread has used `milliseconds` of CPU: the same cost per job however busy the
  /// machine is, so throughput measures the CPU the workers get.
  private func burnCPU(milliseconds: Int) {
    func threadCPUNanoseconds() -> Int64 {
      var time = timespec()
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
      return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
    // Clamped: a client may ask for any number of milliseconds, and an overflow would trap.
    let end = threadCPUNanoseconds() + Int64(min(milliseconds, Int(Int64.max / 2_000_000))) * 1_000_000
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    // The state's lowest bit joins the test, so the arithmetic cannot be optimised away.
    while threadCPUNanoseconds() + Int64(state & 1) < end {
      for _ in 0..<1_000 { state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407 }
    }
  }

  private func misbehave(_ job: ProbeJob, context: JobContext<ProbeOutput>) throws {
    switch job.behavior {
    case .normal, .ignoreCancellation:
      return
    case .fail:
      throw JobFailure(code: "probeFailed", message: "The probe '\(job.tag)' failed as asked.")
    case .crash:
      _exit(3)
    case .hang:
      kill(getpid(), SIGSTOP)
      // The stop reaches every thread in its own time; this one must not emit meanwhile.
      while true { pause() }
    case .garbage:
      let garbage: [UInt8] = [0, 0, 0, 7] + Array("garbage".utf8)
      _ = garbage.withUnsafeBytes { writeAll(STDOUT_FILENO, $0) }
    case .strangeMessage:
      let payload = Array(#"{"type":"teleport"}"#.utf8)
      let frame = [0, 0, 0, UInt8(payload.count)] + payload
      _ = frame.withUnsafeBytes { writeAll(STDOUT_FILENO, $0) }
    case .mutatedFrames:
      let seed = UInt64.random(in: .min ... .max)
      let line = Array("probe: writing 1000 mutated frames from seed \(seed)\n".utf8)
      _ = line.withUnsafeBytes { writeAll(STDERR_FILENO, $0) }
      var frames = MutatedFrames(seed: seed)
      let bytes = frames.make(count: 1_000)
      _ = bytes.withUnsafeBytes { writeAll(STDOUT_FILENO, $0) }
    case .closeOutput:
      close(STDOUT_FILENO)
    }
  }
}
