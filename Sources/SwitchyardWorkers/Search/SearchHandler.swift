import SwitchyardRuntime

/// Serves ``SearchJob``s: debounces each session's queries, then searches a ``SearchIndex``.
///
/// The debounce lives here rather than in the reducer so a burst of keystrokes costs one search
/// however the jobs were spread in time: each job waits out the window, and only the session's
/// latest query searches. Superseded jobs finish with no output; a cancelled job stops waiting at
/// once. The `queriesReceived` and `searchesExecuted` counters show the difference in
/// `switchyard status`.
public struct SearchHandler: JobHandler {
  /// How long a session must stop typing before its query is searched.
  public let debounceWindow: Duration
  /// `nil` stands for ``SearchIndex/corpus``, looked up when a job arrives rather than here: every
  /// worker process creates every handler of the executable, and only search workers need the index.
  private let index: SearchIndex?
  private let clock: any Clock<Duration>
  private let debouncer = SearchDebouncer()

  /// Creates a handler searching `index` (by default ``SearchIndex/corpus``) once a session has
  /// been quiet for `debounceWindow` on `clock`.
  public init(
    index: SearchIndex? = nil,
    debounceWindow: Duration = .milliseconds(300),
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.index = index
    self.debounceWindow = debounceWindow
    self.clock = clock
  }

  /// Answers the job's query if it is still its session's latest when the window closes; an empty
  /// query answers with no results at once.
  public func run(_ job: SearchJob, context: JobContext<SearchResponse>) async throws {
    context.increment("queriesReceived")
    let ticket = debouncer.enter(job.sessionID, sequence: job.sequence)
    defer { debouncer.leave(ticket) }
    if job.query.allSatisfy(\.isWhitespace) {
      await context.emit(SearchResponse(query: job.query, results: [], totalMatches: 0))
      return
    }
    try await clock.sleep(for: debounceWindow)
    guard debouncer.isLatest(ticket) else { return }
    // Looked up after the first suspension: a worker runs a job on its reading thread until then,
    // and building the index there would keep it from answering pings.
    let index = index ?? .corpus
    context.increment("searchesExecuted")
    await context.emit(index.search(job.query, limit: job.limit))
  }

  /// How many sessions have a query waiting out the window; zero once every job has ended.
  var waitingSessions: Int { debouncer.activeSessions }
}
