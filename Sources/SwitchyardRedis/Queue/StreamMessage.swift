/// A wire message read from a stream, with the entry it came in.
public struct StreamMessage<Message: Sendable & Equatable>: Sendable, Equatable {
  /// The entry's ID, which acknowledging and trimming take.
  public var id: StreamEntryID
  /// The message.
  public var message: Message
  /// The worker that wrote it (its consumer name), for replies; `nil` for jobs and cancels.
  public var worker: String?

  /// Creates a message read from an entry.
  public init(id: StreamEntryID, message: Message, worker: String? = nil) {
    self.id = id
    self.message = message
    self.worker = worker
  }
}
