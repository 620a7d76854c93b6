/// Where an `XREAD` or `XREADGROUP` starts in a stream.
public enum StreamReadPosition: Sendable, Equatable {
  /// `>`: entries never delivered to the group (`XREADGROUP` only).
  case undelivered
  /// Entries after this ID: for `XREADGROUP`, the reading consumer's own pending history.
  case after(StreamEntryID)
  /// `$`: only entries added after the call (`XREAD` only).
  case latest

  var argument: String {
    switch self {
    case .undelivered: ">"
    case let .after(id): id.description
    case .latest: "$"
    }
  }
}
