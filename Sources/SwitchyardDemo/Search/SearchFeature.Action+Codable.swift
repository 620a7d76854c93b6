import SwitchyardRuntime
import SwitchyardWorkers

/// A search action is coded as `{"searchQueryChanged": "copper"}`: its payload directly under its
/// name, without the `_0` level synthesised coding would add, since people type these for
/// `switchyard send`.
extension SearchFeature.Action {
  /// Decodes `{"searchQueryChanged": String}`, `{"searchResponse": …}` or `{"searchFailed": …}`.
  public init(from decoder: any Decoder) throws {
    let (name, container) = try CaseCodingKey.single(
      in: decoder,
      of: ["searchQueryChanged", "searchResponse", "searchFailed"]
    )
    let key = CaseCodingKey(name)
    switch name {
    case "searchQueryChanged": self = .searchQueryChanged(try container.decode(String.self, forKey: key))
    case "searchResponse": self = .searchResponse(try container.decode(SearchResponse.self, forKey: key))
    default: self = .searchFailed(try container.decode(JobFailure.self, forKey: key))
    }
  }

  /// Encodes the action in the shape ``init(from:)`` reads.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CaseCodingKey.self)
    switch self {
    case let .searchQueryChanged(query): try container.encode(query, forKey: CaseCodingKey("searchQueryChanged"))
    case let .searchResponse(response): try container.encode(response, forKey: CaseCodingKey("searchResponse"))
    case let .searchFailed(failure): try container.encode(failure, forKey: CaseCodingKey("searchFailed"))
    }
  }
}
