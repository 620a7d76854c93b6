import SwitchyardApplication

/// Counts the words of a text: work for the `wordcount` pool.
public struct WordCountJob: RemoteJob, Equatable {
  public typealias Output = Int
  public static let kind: JobKind = "wordcount"

  public var text: String

  public init(text: String) {
    self.text = text
  }
}
