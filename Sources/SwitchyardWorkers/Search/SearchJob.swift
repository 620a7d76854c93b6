import SwitchyardRuntime

/// One query change in one session, for the `search` worker to debounce and, if it survives the
/// window, to run against its index.
///
/// A burst of jobs with the same ``sessionID`` inside the debounce window executes one search; the
/// jobs it supersedes finish without output.
public struct SearchJob: RemoteJob, Equatable {
  /// The worker answers with at most one response per job.
  public typealias Output = SearchResponse

  /// The search pool: `switchyard worker search`.
  public static let kind: JobKind = "search"

  /// The session typing; the debounce key, and the key that routes its jobs to one worker.
  public var sessionID: String
  /// What the user has typed so far; empty clears the results without searching.
  public var query: String
  /// The query's place in its session's order of queries, counted by the reducer.
  ///
  /// The worker debounces by it rather than by arrival: jobs that arrive together may start in any
  /// order, and a superseded query that starts last must not take the window from the latest.
  public var sequence: Int
  /// How many results to return, best first.
  public var limit: Int

  /// Creates a search job.
  public init(sessionID: String, query: String, sequence: Int = 0, limit: Int = 10) {
    self.sessionID = sessionID
    self.query = query
    self.sequence = sequence
    self.limit = limit
  }

  /// Jobs of one session go to one worker, so its debounce window sees the whole burst.
  public var affinityKey: String? { sessionID }

  /// A search is a pure read; five seconds covers the debounce window with room to spare.
  public var timeout: Duration? { .seconds(5) }
}
