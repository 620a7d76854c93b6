import SwitchyardApplication

/// Does ``WordCountJob``s: in a `documents worker wordcount` process, or in-process in tests.
public struct WordCountHandler: JobHandler {
  public init() {}

  public func run(_ job: WordCountJob, context: JobContext<Int>) async throws {
    context.increment("documentsCounted")
    await context.emit(job.text.split(whereSeparator: \.isWhitespace).count)
  }
}
