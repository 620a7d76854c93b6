/// Why the shared journal refused a write.
public enum FencedAppendError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The writer's lease is gone: it expired or a newer leader holds it (`current`, when one does).
  /// Nothing was written; the writer must stop leading.
  case fenced(writer: LeaseGrant, current: LeaseGrant?)
  /// The batch does not follow the journal's last record.
  case gap(head: UInt64, first: UInt64)
  /// Redis could not be asked, or answered otherwise; the write may or may not have happened.
  case redis(RedisError)

  public var description: String {
    switch self {
    case let .fenced(writer, current?):
      "The shared journal refused a write of \(writer): \(current) now leads. This coordinator stops leading."
    case let .fenced(writer, nil):
      "The shared journal refused a write of \(writer): its lease expired. This coordinator stops leading."
    case let .gap(head, first):
      "The shared journal ends at record \(head) but a write began at \(first); a leader must apply the journal to its end before writing."
    case let .redis(error):
      "The shared journal could not be written: \(error)"
    }
  }
}
