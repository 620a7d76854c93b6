import SwitchyardRedis
import SwitchyardWire

/// The jobs a remote worker holds, by effect, and the cancels that reached it before their jobs.
///
/// Cancels are a broadcast every worker reads, and one can arrive before any worker has read its
/// job (the job waits in the stream behind busy workers). Remembered, the job is acknowledged
/// unrun when it is read, instead of running to its end for a result the coordinator drops; a
/// listener's job would otherwise run for ever.
struct HeldJobs {
  /// How many cancels of jobs it has not read it remembers, oldest forgotten first: enough for
  /// any job still waiting in a stream capped at the coordinator's in-flight limit.
  static let rememberedCancels = 4_096

  private var jobs: [UInt64: StreamMessage<Run>] = [:]
  private var cancelledEarly: Set<Cancel> = []
  private var cancelOrder: [Cancel] = []
  private var nextForgotten = 0

  /// How many jobs it holds.
  var count: Int { jobs.count }

  /// Every job it holds.
  var all: [StreamMessage<Run>] { Array(jobs.values) }

  /// Holds the jobs of `batch` and returns them, less those already cancelled, which it returns
  /// apart for acknowledging.
  mutating func hold(_ batch: [StreamMessage<Run>]) -> (started: [StreamMessage<Run>], cancelled: [StreamMessage<Run>]) {
    var started: [StreamMessage<Run>] = []
    var cancelled: [StreamMessage<Run>] = []
    for job in batch {
      if cancelledEarly.remove(Cancel(effect: job.message.effect, generation: job.message.generation)) != nil {
        cancelled.append(job)
      } else {
        jobs[job.message.effect] = job
        started.append(job)
      }
    }
    return (started, cancelled)
  }

  /// The held job `cancel` names, no longer held; `nil`, remembering the cancel, when it holds none.
  mutating func cancel(_ cancel: Cancel) -> StreamMessage<Run>? {
    if let job = release(cancel.effect, generation: cancel.generation) { return job }
    remember(cancel)
    return nil
  }

  /// The job of `effect` at `generation`, no longer held; `nil` when it holds another or none.
  mutating func release(_ effect: UInt64, generation: UInt32) -> StreamMessage<Run>? {
    guard jobs[effect]?.message.generation == generation else { return nil }
    return jobs.removeValue(forKey: effect)
  }

  private mutating func remember(_ cancel: Cancel) {
    guard cancelledEarly.insert(cancel).inserted else { return }
    if cancelOrder.count < Self.rememberedCancels {
      cancelOrder.append(cancel)
    } else {
      cancelledEarly.remove(cancelOrder[nextForgotten])
      cancelOrder[nextForgotten] = cancel
      nextForgotten = (nextForgotten + 1) % Self.rememberedCancels
    }
  }
}
