import Foundation
import Synchronization
import SwitchyardRedis
import SwitchyardRuntime
import SwitchyardWire

/// The state of one ``RedisWorker`` while it serves its stream: the jobs it holds, by effect,
/// and the child that runs them.
final class RemoteWorkerSession: Sendable {
  let kind: JobKind
  /// Its consumer name, `HOST/PID`.
  let name: String
  let replies: StreamQueue
  let concurrency: Int
  let child = Mutex<(any WorkerLink)?>(nil)
  /// The entries of the jobs it runs: acknowledged when they end, renewed while they run.
  private let held = Mutex<[UInt64: StreamMessage<Run>]>([:])
  /// Signalled when a job ends, so a worker at its concurrency reads again.
  private let freed = DispatchSemaphore(value: 0)
  /// When the oldest ping the child has not answered (nor said anything since) was sent; `nil`
  /// when it has been heard since its last ping. A hung child is not renewed forever.
  private let silentSince = Mutex<ContinuousClock.Instant?>(nil)

  init(kind: JobKind, name: String, replies: StreamQueue, concurrency: Int) {
    self.kind = kind
    self.name = name
    self.replies = replies
    self.concurrency = max(1, concurrency)
  }

  // MARK: - Jobs in

  /// Reads jobs through the consumer group and starts them in the child, forever.
  func readJobs(from queue: StreamQueue) -> Never {
    while true {
      let free = concurrency - held.withLock(\.count)
      guard free > 0 else {
        _ = freed.wait(timeout: .now() + 1)
        continue
      }
      do {
        let batch = try queue.readJobs(kind: kind.rawValue, worker: name, count: free, block: .seconds(1))
        for entry in batch.rejected { writeToStandardError("warning: \(entry)") }
        guard !batch.messages.isEmpty else { continue }
        var frames: [UInt8] = []
        held.withLock { held in
          for job in batch.messages { held[job.message.effect] = job }
        }
        for job in batch.messages { WorkerMessage.run(job.message).appendFrame(to: &frames) }
        sendToChild(frames)
      } catch {
        writeToStandardError("error: could not read '\(kind)' jobs (\(error)); trying again.")
        Thread.sleep(forTimeInterval: 1)
      }
    }
  }

  /// Reads the cancellation broadcast and cancels the jobs it holds at the named generation.
  func readCancels(_ queue: StreamQueue) {
    var position: StreamReadPosition?
    while true {
      do {
        let start = try position ?? queue.cancelsStart()
        position = start
        let batch = try queue.readCancels(after: start, block: .seconds(1))
        if let last = batch.last { position = .after(last) }
        let cancelled = held.withLock { held in
          batch.messages.compactMap { cancel -> StreamMessage<Run>? in
            guard held[cancel.message.effect]?.message.generation == cancel.message.generation else { return nil }
            return held.removeValue(forKey: cancel.message.effect)
          }
        }
        guard !cancelled.isEmpty else { continue }
        var frames: [UInt8] = []
        for job in cancelled {
          WorkerMessage.cancel(Cancel(effect: job.message.effect, generation: job.message.generation)).appendFrame(to: &frames)
        }
        sendToChild(frames)
        write([], completing: cancelled)
      } catch {
        writeToStandardError("error: could not read cancellations (\(error)); trying again.")
        Thread.sleep(forTimeInterval: 1)
      }
    }
  }

  /// Every `interval`: renews the jobs it holds, reclaims abandoned ones, and pings the child.
  func maintain(every interval: Duration, claimIdle: Duration) {
    var lastTick = ContinuousClock.now
    while true {
      Thread.sleep(forTimeInterval: interval.seconds)
      let now = ContinuousClock.now
      // A child that answers no ping for the claim idle time is hung: it is killed, this worker
      // exits with it, and its jobs go unrenewed, so another worker reclaims them. Silence is
      // timed afresh when this worker itself was stopped or starved, whose fault it is not.
      let wasStalled = now - lastTick > interval * 2
      lastTick = now
      let silence = silentSince.withLock { since -> Duration in
        if wasStalled, since != nil { since = now }
        return since.map { now - $0 } ?? .zero
      }
      if silence > claimIdle {
        writeToStandardError("error: the '\(kind)' worker process answered nothing for \(claimIdle); killing it.")
        child.withLock { $0 }?.kill()
        return
      }
      do {
        let jobs = held.withLock { Array($0.values) }
        if !jobs.isEmpty { try replies.renew(jobs, worker: name) }
        let reclaimed = try replies.reclaimAbandoned(kind: kind.rawValue, worker: name, minIdle: claimIdle)
        for entry in reclaimed.rejected { writeToStandardError("warning: \(entry)") }
        if !reclaimed.messages.isEmpty {
          writeToStandardError("\(name): handed \(reclaimed.messages.count) abandoned '\(kind)' jobs back to the coordinator.")
        }
      } catch {
        writeToStandardError("error: could not renew or reclaim '\(kind)' jobs (\(error)).")
      }
      var ping: [UInt8] = []
      WorkerMessage.ping(Ping(nonce: 0)).appendFrame(to: &ping)
      silentSince.withLock { $0 = $0 ?? .now }
      sendToChild(ping)
    }
  }

  // MARK: - Replies out

  /// What the child said, passed on to the reply stream; a job's end acknowledges its entry.
  func childSaid(_ messages: [WorkerMessage]) {
    silentSince.withLock { $0 = nil }
    var outgoing: [WorkerMessage] = []
    var completed: [StreamMessage<Run>] = []
    for message in messages {
      switch message {
      case let .hello(hello):
        outgoing.append(.hello(Hello(version: hello.version, role: "worker", kind: hello.kind, pid: getpid(), capabilities: hello.capabilities)))
      case .emit, .heartbeat:
        outgoing.append(message)
      case let .finished(finished):
        outgoing.append(message)
        if let job = release(finished.effect, generation: finished.generation) { completed.append(job) }
      case let .failed(failed):
        outgoing.append(message)
        if let job = release(failed.effect, generation: failed.generation) { completed.append(job) }
      default:
        continue
      }
    }
    write(outgoing, completing: completed)
    for _ in completed { freed.signal() }
  }

  private func release(_ effect: UInt64, generation: UInt32) -> StreamMessage<Run>? {
    held.withLock { held in
      guard held[effect]?.message.generation == generation else { return nil }
      return held.removeValue(forKey: effect)
    }
  }

  /// Writes replies, trying a few times while the connection is remade; jobs whose ends could
  /// not be written stay pending and are reclaimed, so the coordinator retries them.
  private func write(_ messages: [WorkerMessage], completing completed: [StreamMessage<Run>]) {
    guard !messages.isEmpty || !completed.isEmpty else { return }
    for attempt in 1...3 {
      do {
        return try replies.reply(messages, worker: name, completing: completed)
      } catch {
        writeToStandardError("error: could not write \(messages.count) replies (attempt \(attempt) of 3): \(error)")
        Thread.sleep(forTimeInterval: 0.2)
      }
    }
  }

  private func sendToChild(_ frames: [UInt8]) {
    child.withLock { $0 }?.send(frames)
  }
}
