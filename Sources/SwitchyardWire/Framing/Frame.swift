/// The constants of Switchyard's framing: a 4-byte big-endian length, then that many bytes of JSON.
///
/// Every channel (a worker's stdin/stdout, the control socket) carries the same frames, so one
/// ``FrameDecoder`` and one ``FrameEncoder`` serve them all.
public enum Frame {
  /// The size of the length prefix in bytes.
  public static let headerLength = 4

  /// The largest payload accepted unless a channel configures otherwise: 16 MiB.
  ///
  /// A limit stops a corrupt or hostile length prefix from making the reader allocate without bound.
  public static let defaultMaxLength = 16 << 20
}
