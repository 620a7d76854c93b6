import SwitchyardApplication

/// Writes a headline for a text of a known length: work for the `headline` pool.
public struct HeadlineJob: RemoteJob, Equatable {
  public typealias Output = String
  public static let kind: JobKind = "headline"

  public var text: String
  public var words: Int

  public init(text: String, words: Int) {
    self.text = text
    self.words = words
  }
}
