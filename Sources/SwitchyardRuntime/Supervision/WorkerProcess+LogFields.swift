extension WorkerProcess {
  /// The fields a log event about this worker carries: its pool and its pid.
  var logFields: [LogField] {
    Self.logFields(kind: kind, pid: pid)
  }

  /// The fields of a log event about worker `pid` of the `kind` pool.
  nonisolated static func logFields(kind: JobKind, pid: Int32) -> [LogField] {
    [.string("pool", kind.rawValue), .integer("worker_pid", pid)]
  }
}
