import SwitchyardWire

/// Replies a worker has yet to write to the reply stream, with the jobs whose ends they carry:
/// those jobs' entries are acknowledged and deleted in the same pipeline, after the replies.
public struct WorkerReplies: Sendable, Equatable {
  /// The messages for the reply stream, in order, as the handlers encoded them.
  public var messages: [EncodedMessage]
  /// The jobs the messages end.
  public var completed: [StreamMessage<Run>]

  /// Creates replies to write.
  public init(messages: [EncodedMessage] = [], completed: [StreamMessage<Run>] = []) {
    self.messages = messages
    self.completed = completed
  }

  /// Whether there is nothing to write.
  public var isEmpty: Bool {
    messages.isEmpty && completed.isEmpty
  }
}
