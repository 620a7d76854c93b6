extension WorkerProcess {
  /// The fields a log event about this worker carries: its pool and its pid, or its broker.
  var logFields: [LogField] {
    switch peer {
    case let .process(pid): Self.logFields(kind: kind, pid: pid)
    case let .broker(name): [.string("pool", kind.rawValue), .string("broker", name)]
    }
  }

  /// The fields of a log event about worker `pid` of the `kind` pool.
  nonisolated static func logFields(kind: JobKind, pid: Int32) -> [LogField] {
    [.string("pool", kind.rawValue), .integer("worker_pid", pid)]
  }
}
