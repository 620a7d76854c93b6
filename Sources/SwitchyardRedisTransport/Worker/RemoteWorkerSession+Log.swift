import SwitchyardRuntime

extension RemoteWorkerSession {
  /// Logs `event` through the process's ``Logger`` with this worker's pool and name as fields.
  func log(_ event: LogEvent) {
    Logger.standardError.log(event.adding([.string("pool", kind.rawValue), .string("worker", name)]))
  }
}
