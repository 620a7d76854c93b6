/// How a ``PipelineCoordinator``'s probe actions reach its store.
enum PipelineArrival: Sendable {
  /// Made as Swift values and sent in-process: a journal encodes them through `Codable`.
  case inProcess
  /// As a client's JSON, parsed before the window as the control socket's reader thread parses a
  /// frame, then decoded and sent on the main actor as the control socket's `send` is: a journal
  /// keeps the JSON they arrived as.
  case clientJSON
}
