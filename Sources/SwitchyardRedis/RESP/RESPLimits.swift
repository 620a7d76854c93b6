/// Bounds on what a ``RESPParser`` accepts, so a corrupt or hostile reply cannot make the client
/// allocate without limit or recurse without end.
public struct RESPLimits: Sendable, Equatable {
  /// The longest bulk string, in bytes; Redis's own `proto-max-bulk-len` defaults to 512 MiB.
  public var maxBulkLength: Int
  /// The most elements one array, set, map or push may announce.
  public var maxAggregateCount: Int
  /// How deeply aggregates may nest; Redis's replies nest a handful of levels.
  public var maxDepth: Int
  /// The longest line (a simple string, an error, a number or a header), in bytes.
  public var maxLineLength: Int
  /// The most bytes one whole reply may take, so a read of many entries holds a bounded amount;
  /// unbounded by default, since most replies are as large as the caller asked for.
  public var maxReplyLength: Int

  /// Creates limits.
  public init(
    maxBulkLength: Int = 64 << 20,
    maxAggregateCount: Int = 1 << 24,
    maxDepth: Int = 32,
    maxLineLength: Int = 64 << 10,
    maxReplyLength: Int = .max
  ) {
    self.maxBulkLength = maxBulkLength
    self.maxAggregateCount = maxAggregateCount
    self.maxDepth = maxDepth
    self.maxLineLength = maxLineLength
    self.maxReplyLength = maxReplyLength
  }

  /// 64 MiB strings, 16 Mi elements, 32 levels, 64 KiB lines, replies of any length.
  public static let `default` = RESPLimits()
}
