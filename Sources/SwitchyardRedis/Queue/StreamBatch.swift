/// What one read of a stream gave: the messages that decoded and the entries that did not.
///
/// Rejected job entries have already been acknowledged and deleted, so they are never delivered
/// again; the caller only logs them.
public struct StreamBatch<Message: Sendable & Equatable>: Sendable, Equatable {
  /// The messages, oldest first.
  public var messages: [StreamMessage<Message>]
  /// Entries that were not a well-formed message of the expected type.
  public var rejected: [RejectedEntry]
  /// The ID of the last entry read, decoded or not: where the next `XREAD` continues.
  public var last: StreamEntryID?

  /// Creates a batch.
  public init(messages: [StreamMessage<Message>] = [], rejected: [RejectedEntry] = [], last: StreamEntryID? = nil) {
    self.messages = messages
    self.rejected = rejected
    self.last = last
  }

  /// Whether nothing at all was read.
  public var isEmpty: Bool {
    messages.isEmpty && rejected.isEmpty
  }
}
