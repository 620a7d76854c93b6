/// A stream entry that was not a well-formed message, and why.
public struct RejectedEntry: Sendable, Equatable, CustomStringConvertible {
  /// The stream the entry was in.
  public var stream: String
  /// The entry's ID.
  public var id: StreamEntryID
  /// What was wrong with it.
  public var error: StreamEntryError

  /// Creates a rejection.
  public init(stream: String, id: StreamEntryID, error: StreamEntryError) {
    self.stream = stream
    self.id = id
    self.error = error
  }

  public var description: String {
    "Entry \(id) of \(stream) was dropped: \(error)"
  }
}
