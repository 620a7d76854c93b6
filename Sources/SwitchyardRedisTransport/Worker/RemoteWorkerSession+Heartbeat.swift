import Foundation
import SwitchyardRedis

extension RemoteWorkerSession {
  /// Sets this worker's heartbeat key every ``WorkerLiveness/interval``, forever, and rewrites
  /// `healthFile` after every beat Redis took, for a liveness probe that checks its age.
  ///
  /// The key is how the coordinator and the other workers know this worker lives; silent for
  /// ``WorkerLiveness/timeout``, its jobs are handed back and its affinity keys move on.
  func beat(healthFile: String?) -> Never {
    var failing = false
    var refused = false
    while true {
      do {
        let refusal = try replies.beat(kind: kind.rawValue, worker: name)
        if let refusal, !refused {
          log(
            .warning(
              "Redis refuses to write the heartbeat of \(name) (\(refusal)): it is out of memory (maxmemory); "
                + "the heartbeat key is kept alive by extending it, but replies cannot be written until Redis has room."
            ))
        }
        if refusal == nil, refused || failing { log(.info("\(name): its heartbeat reaches Redis again.")) }
        refused = refusal != nil
        failing = false
        if let healthFile, !FileManager.default.createFile(atPath: healthFile, contents: Data("\(name)\n".utf8)) {
          log(.error("could not write the health file \(healthFile)."))
        }
      } catch {
        if !failing {
          log(.error("could not write the heartbeat of \(name) (\(error)); silent for \(WorkerLiveness.timeout), its jobs go to other workers."))
        }
        failing = true
      }
      Thread.sleep(forTimeInterval: WorkerLiveness.interval.seconds)
    }
  }
}
