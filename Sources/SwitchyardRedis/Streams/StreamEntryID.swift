/// A stream entry's ID, `milliseconds-sequence`, as Redis assigns it on `XADD`.
public struct StreamEntryID: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The server's clock when the entry was added, in Unix milliseconds.
  public var milliseconds: UInt64
  /// The entry's number among those added in the same millisecond.
  public var sequence: UInt64

  /// Creates an ID from its parts.
  public init(milliseconds: UInt64, sequence: UInt64) {
    self.milliseconds = milliseconds
    self.sequence = sequence
  }

  /// Reads `1526919030474-55`; a bare `1526919030474` means sequence 0. `nil` for anything else.
  public init?(_ text: String) {
    let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
    guard let milliseconds = UInt64(parts[0]) else { return nil }
    let sequence = parts.count == 2 ? UInt64(parts[1]) : 0
    guard let sequence else { return nil }
    self.init(milliseconds: milliseconds, sequence: sequence)
  }

  /// `0-0`, before every entry: reading after it reads a stream, or a pending list, from the start.
  public static let zero = StreamEntryID(milliseconds: 0, sequence: 0)

  public var description: String {
    "\(milliseconds)-\(sequence)"
  }

  public static func < (lhs: StreamEntryID, rhs: StreamEntryID) -> Bool {
    (lhs.milliseconds, lhs.sequence) < (rhs.milliseconds, rhs.sequence)
  }

  init(reply: RedisValue, command: String) throws(RedisError) {
    guard let text = reply.string, let id = StreamEntryID(text) else {
      throw .unexpectedReply(command: command, reply: reply.summary)
    }
    self = id
  }
}
