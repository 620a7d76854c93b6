import SwitchyardApplication

/// Documents people submit: a worker counts each one's words, then another writes its headline.
public struct Documents: Reducer {
  public struct State: Codable, Equatable, Sendable {
    public var documents: [String: Document] = [:]
    public init() {}
  }

  public struct Document: Codable, Equatable, Sendable {
    public var text: String
    public var words: Int?
    public var headline: String?
    public var failure: String?
    public var tags: [String]

    public init(text: String, words: Int? = nil, headline: String? = nil, failure: String? = nil, tags: [String] = []) {
      self.text = text
      self.words = words
      self.headline = headline
      self.failure = failure
      self.tags = tags
    }
  }

  public enum Action: Codable, Equatable, Sendable {
    case submitted(id: String, text: String)
    case wordsCounted(id: String, words: Int)
    case headlined(id: String, headline: String)
    case failed(id: String, reason: String)
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .submitted(id, text):
      state.documents[id] = Document(text: text)
      return .remote(WordCountJob(text: text)) { event in
        switch event {
        case let .output(words): .wordsCounted(id: id, words: words)
        case let .failed(failure): .failed(id: id, reason: failure.message)
        case .finished: nil
        }
      }

    case let .wordsCounted(id, words):
      guard let document = state.documents[id] else { return .none }
      state.documents[id]?.words = words
      return .remote(HeadlineJob(text: document.text, words: words)) { event in
        switch event {
        case let .output(headline): .headlined(id: id, headline: headline)
        case let .failed(failure): .failed(id: id, reason: failure.message)
        case .finished: nil
        }
      }

    case let .headlined(id, headline):
      state.documents[id]?.headline = headline
      return .none

    case let .failed(id, reason):
      state.documents[id]?.failure = reason
      return .none
    }
  }
}
