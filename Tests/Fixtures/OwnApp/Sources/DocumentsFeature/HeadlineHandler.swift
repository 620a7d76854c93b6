import SwitchyardApplication

/// Does ``HeadlineJob``s: the text's first line in capitals, and its length.
public struct HeadlineHandler: JobHandler {
  public init() {}

  public func run(_ job: HeadlineJob, context: JobContext<String>) async throws {
    guard let firstLine = job.text.split(separator: "\n").first else {
      throw JobFailure(code: "emptyDocument", message: "The document has no text to make a headline of.")
    }
    await context.emit("\(firstLine.prefix(60).uppercased()) (\(job.words) words)")
  }
}
