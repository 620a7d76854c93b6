/// A session's action is coded as the feature's action under the feature's name,
/// `{"search": {"searchQueryChanged": "copper"}}`: the `_0` level that synthesised coding
/// would add says nothing, and people type these for `switchyard send`.
extension SessionFeature.Action {
  /// Decodes `{"search" | "feed" | "catalog": <that feature's action>}`.
  public init(from decoder: any Decoder) throws {
    let (name, container) = try CaseCodingKey.single(in: decoder, of: ["search", "feed", "catalog"])
    let key = CaseCodingKey(name)
    switch name {
    case "search": self = .search(try container.decode(SearchFeature.Action.self, forKey: key))
    case "feed": self = .feed(try container.decode(FeedFeature.Action.self, forKey: key))
    default: self = .catalog(try container.decode(CatalogFeature.Action.self, forKey: key))
    }
  }

  /// Encodes the feature's action under the feature's name.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CaseCodingKey.self)
    switch self {
    case let .search(action): try container.encode(action, forKey: CaseCodingKey("search"))
    case let .feed(action): try container.encode(action, forKey: CaseCodingKey("feed"))
    case let .catalog(action): try container.encode(action, forKey: CaseCodingKey("catalog"))
    }
  }
}
