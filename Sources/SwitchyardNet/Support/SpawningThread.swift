import Foundation

/// The thread from which a test's or a benchmark's children are started, so that they die with
/// the process that started them, even when it is killed or crashes.
///
/// The kernel's parent-death signal (`PR_SET_PDEATHSIG`, set for a command by ``dieWithParent``)
/// fires when the *thread* that started the child ends, not the process: a child started from a
/// cooperative or a short-lived thread would be killed as soon as that thread went. This thread
/// lives as long as the process, so its children's signal comes when the process goes.
package enum SpawningThread {
  /// Runs `body` (a `posix_spawn`, a `Process.run()`) on the spawning thread, blocking the caller
  /// until it returns; called on that thread, it runs at once.
  package static func run<Value>(_ body: @escaping () throws -> Value) throws -> Value {
    if Thread.current.threadDictionary[Jobs.marker] != nil { return try body() }
    let done = DispatchSemaphore(value: 0)
    let result = ResultSlot<Value>()
    jobs.enqueue {
      result.value = Result { try body() }
      done.signal()
    }
    done.wait()
    return try result.value!.get()
  }

  /// Runs Foundation's `process`, set up but not yet run, as a child that dies with this process:
  /// its command behind ``dieWithParent``, started from the spawning thread.
  package static func start(_ process: Process) throws {
    if let executable = process.executableURL?.path, !dieWithParent.isEmpty {
      process.executableURL = URL(fileURLWithPath: dieWithParent[0])
      process.arguments = dieWithParent.dropFirst() + [executable] + (process.arguments ?? [])
    }
    try run { try process.run() }
  }

  /// What to put before a command line so that the command is killed (SIGKILL) when the thread
  /// that starts it ends: util-linux's `setpriv --pdeathsig`, which execs the command in the same
  /// process, so its pid stays the command's. Empty where `setpriv` is missing.
  package static let dieWithParent: [String] = {
    let path = ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }
    return path.map { [$0, "--pdeathsig", "KILL", "--"] } ?? []
  }()

  private static let jobs = Jobs()

  /// Jobs run in order by the one thread, which never ends.
  private final class Jobs: @unchecked Sendable {
    static let marker = "SwitchyardNet.SpawningThread"
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var pending: [() -> Void] = []

    init() {
      let thread = Thread { [self] in serve() }
      thread.name = "sy-spawner"
      thread.start()
    }

    func enqueue(_ job: @escaping () -> Void) {
      condition.lock()
      pending.append(job)
      condition.signal()
      condition.unlock()
    }

    private func serve() {
      Thread.current.threadDictionary[Self.marker] = true
      while true {
        condition.lock()
        while pending.isEmpty { condition.wait() }
        let jobs = pending
        pending.removeAll()
        condition.unlock()
        for job in jobs { job() }
      }
    }
  }

  /// Where the spawning thread leaves a result for the caller waiting on it.
  private final class ResultSlot<Value>: @unchecked Sendable {
    var value: Result<Value, any Error>?
  }
}
