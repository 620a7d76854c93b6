extension ControlClient {
  /// Connects to the coordinator that owns `runDirectory`, wherever it keeps its socket there.
  public convenience init(runDirectory: String) throws(ControlClientError) {
    try self.init(socketPath: runDirectory + "/" + RunDirectory.socketName)
  }
}
