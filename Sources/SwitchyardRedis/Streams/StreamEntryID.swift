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
    // Every entry read goes through here: scanned in place, without splitting into strings.
    var text = text
    guard let parsed = text.withUTF8(Self.parse) else { return nil }
    self = parsed
  }

  /// Reads an ID from the bytes of its text, as a reply carries it.
  init?(bytes: ArraySlice<UInt8>) {
    guard let parsed = bytes.withUnsafeBufferPointer(Self.parse) else { return nil }
    self = parsed
  }

  private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> StreamEntryID? {
    guard let dash = bytes.firstIndex(of: UInt8(ascii: "-")) else {
      return decimal(bytes[...]).map { StreamEntryID(milliseconds: $0, sequence: 0) }
    }
    guard let milliseconds = decimal(bytes[..<dash]), let sequence = decimal(bytes[(dash + 1)...]) else { return nil }
    return StreamEntryID(milliseconds: milliseconds, sequence: sequence)
  }

  /// The digits of `bytes` as a number; `nil` when empty, not all digits, or too large.
  private static func decimal(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> UInt64? {
    guard !bytes.isEmpty else { return nil }
    var value: UInt64 = 0
    for byte in bytes {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      let (times, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, carry) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
      guard !overflow, !carry else { return nil }
      value = sum
    }
    return value
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
