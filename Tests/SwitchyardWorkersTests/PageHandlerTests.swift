import Foundation
@testable import SwitchyardNet
import SwitchyardRuntime
import SwitchyardUpstream
import Testing

@testable import SwitchyardWorkers

/// The pagination worker's handler against real servers on 127.0.0.1: paging to the end, retries
/// on 5xx and unreachable servers, and failures that name their reason.
@Suite(.timeLimit(.minutes(3)))
struct PageHandlerTests {
  /// A handler whose waits are recorded and end at once.
  private func handler(maxAttempts: Int = 4, requestTimeout: Duration = .seconds(20)) -> (PageHandler, GatedClock) {
    let clock = GatedClock(opensByItself: true)
    let backoff = Backoff(initial: .milliseconds(100), maximum: .milliseconds(250))
    let retry = RetrySchedule(backoff: backoff, clock: clock)
    return (PageHandler(retry: retry, maxAttempts: maxAttempts, requestTimeout: requestTimeout), clock)
  }

  /// Runs `job` and returns the failure it threw, if it was a ``JobFailure``.
  private func failure(of job: PageJob, on handler: PageHandler, recording: JobRecording<CatalogPage> = .init()) async -> JobFailure? {
    do {
      try await handler.run(job, context: recording.context)
      return nil
    } catch {
      return error as? JobFailure
    }
  }

  @Test func pagesThroughTheWholeCatalogUntilHasMoreIsFalse() async throws {
    try await withUpstream(UpstreamConfiguration(catalogSize: 45, feedRate: 0)) { upstream in
      let executor = InProcessJobExecutor(handler().0)
      var pages: [CatalogPage] = []
      repeat {
        let job = PageJob(baseURL: upstream.baseURL, page: pages.count + 1, perPage: 20)
        let recording = JobRecording<CatalogPage>()
        try await executor.execute(job, emit: JobEmitter { await recording.context.emit($0) })
        pages += recording.emitted
      } while pages.last?.hasMore == true && pages.count < 10
      #expect(pages.map(\.page) == [1, 2, 3])
      #expect(pages.map(\.hasMore) == [true, true, false])
      #expect(pages.flatMap(\.items).map(\.id) == Array(1...45))
      #expect(executor.counters == ["requests": 3])
    }
  }

  @Test func keepsTheBaseURLsPath() throws {
    let url = try PageHandler.url(for: PageJob(baseURL: "http://127.0.0.1:8080/api/", page: 2, perPage: 5))
    #expect(url.absoluteString == "http://127.0.0.1:8080/api/items?page=2&per_page=5")
  }

  @Test func retriesA503WithBackoffThenSucceeds() async throws {
    try await withUpstream(UpstreamConfiguration(catalogSize: 10, feedRate: 0, failingItemsRequests: 2)) { upstream in
      let (handler, clock) = handler()
      let recording = JobRecording<CatalogPage>()
      try await handler.run(PageJob(baseURL: upstream.baseURL, page: 1, perPage: 5), context: recording.context)
      #expect(recording.emitted.map(\.items.count) == [5])
      #expect(recording.counters == ["requests": 3, "retries": 2])
      #expect(clock.recorded == [.milliseconds(100), .milliseconds(200)])
    }
  }

  @Test func givesUpAfterItsAttemptsWithARetryableFailure() async throws {
    try await withUpstream(UpstreamConfiguration(feedRate: 0, failingItemsRequests: 10)) { upstream in
      let (handler, clock) = handler(maxAttempts: 3)
      let recording = JobRecording<CatalogPage>()
      let failure = await failure(of: PageJob(baseURL: upstream.baseURL, page: 1), on: handler, recording: recording)
      #expect(failure?.code == .upstreamUnavailable)
      #expect(failure?.retryable == true)
      #expect(failure?.message.contains("503 Service Unavailable") == true, "\(failure?.message ?? "")")
      #expect(failure?.message.hasSuffix("Gave up after 3 attempts.") == true)
      #expect(recording.counters == ["requests": 3, "retries": 2])
      #expect(clock.recorded == [.milliseconds(100), .milliseconds(200)])
      #expect(recording.emitted.isEmpty)
    }
  }

  @Test func retriesWhenNothingListens() async throws {
    let port = try await withUpstream { $0.port }
    let (handler, _) = handler(maxAttempts: 2)
    let recording = JobRecording<CatalogPage>()
    let failure = await failure(of: PageJob(baseURL: "http://127.0.0.1:\(port)", page: 1), on: handler, recording: recording)
    #expect(failure?.code == .upstreamUnavailable)
    #expect(failure?.message.contains("Nothing accepted the connection to 127.0.0.1:\(port)") == true, "\(failure?.message ?? "")")
    // Issue 14: the composed sentences read "running?. Gave up…".
    #expect(failure?.message.hasSuffix("is the server running? Gave up after 2 attempts.") == true, "\(failure?.message ?? "")")
    #expect(recording.counters == ["requests": 2, "retries": 1])
  }

  @Test func aRequestThatTakesTooLongIsRetriedThenFails() async throws {
    var configuration = HTTPServer.Configuration()
    configuration.stopGracePeriod = .milliseconds(100)
    var router = HTTPRouter()
    router.add(.get, "/items") { _ in
      try? await Task.sleep(for: .milliseconds(500))
      return .status(204)
    }
    let server = try HTTPServer.start(configuration: configuration, router: router)
    let (handler, _) = handler(maxAttempts: 2, requestTimeout: .milliseconds(200))
    let recording = JobRecording<CatalogPage>()
    let failure = await failure(of: PageJob(baseURL: "http://127.0.0.1:\(server.port)", page: 1), on: handler, recording: recording)
    await server.stop()
    #expect(failure?.code == .upstreamUnavailable)
    #expect(failure?.message.contains("no answer within 0.2 seconds") == true, "\(failure?.message ?? "")")
    #expect(recording.counters == ["requests": 2, "retries": 1])
  }

  @Test func aClientErrorFailsAtOnceWithTheStatusAndTheServersReason() async throws {
    try await withUpstream { upstream in
      let (handler, _) = handler()
      let recording = JobRecording<CatalogPage>()
      let failure = await failure(of: PageJob(baseURL: upstream.baseURL, page: 1, perPage: 1000), on: handler, recording: recording)
      #expect(failure?.code == .badResponse)
      #expect(failure?.retryable == false)
      #expect(failure?.message.contains("answered 400 Bad Request") == true, "\(failure?.message ?? "")")
      #expect(failure?.message.contains("'per_page' must be an integer from 1 to 100") == true)
      #expect(recording.counters == ["requests": 1])
    }
  }

  @Test(arguments: [
    (#"{"items":[{"id":1,"title":5}],"page":1,"hasMore":false}"#, "items[0].title"),
    (#"{"items":[],"page":1}"#, "hasMore"),
    ("<html>not json</html>", "not a catalog page"),
  ])
  func aBodyThatIsNotAPageFailsAtOnceNamingWhereItWentWrong(body: String, reason: String) async throws {
    var router = HTTPRouter()
    router.add(.get, "/items") { _ in .json(Array(body.utf8)) }
    let server = try HTTPServer.start(router: router)
    let (handler, _) = handler()
    let recording = JobRecording<CatalogPage>()
    let failure = await failure(of: PageJob(baseURL: "http://127.0.0.1:\(server.port)", page: 1), on: handler, recording: recording)
    await server.stop()
    #expect(failure?.code == .badResponse)
    #expect(failure?.message.contains(reason) == true, "\(failure?.message ?? "")")
    #expect(recording.counters == ["requests": 1])
  }

  @Test func anAnswerThatIsNotHTTPFailsAtOnce() async throws {
    let listener = try Socket.listen(port: 0)
    let port = try listener.localPort()
    Thread.detachNewThread {
      guard let socket = try? listener.accept() else { return }
      _ = try? socket.read(upTo: 4096, deadline: .now + .seconds(5))
      try? socket.write(Array("SSH-2.0-OpenSSH_9.6\r\n\r\n".utf8))
      socket.close()
    }
    let recording = JobRecording<CatalogPage>()
    let failure = await failure(of: PageJob(baseURL: "http://127.0.0.1:\(port)", page: 1), on: handler().0, recording: recording)
    listener.close()
    #expect(failure?.code == .badResponse)
    #expect(failure?.retryable == false)
    #expect(failure?.message.contains("127.0.0.1:\(port) sent an answer that is not valid HTTP/1.1") == true, "\(failure?.message ?? "")")
    #expect(recording.counters == ["requests": 1])
  }

  @Test(arguments: ["ftp://127.0.0.1/", "127.0.0.1:8080", "", "http://"])
  func refusesABaseURLItCannotUse(baseURL: String) async {
    let failure = await failure(of: PageJob(baseURL: baseURL, page: 1), on: handler().0)
    #expect(failure?.code == .invalidURL)
    #expect(failure?.message.contains("is not an http:// URL") == true)
  }

  @Test func cancellingStopsARequestInFlight() async throws {
    let (arrivals, arrived) = AsyncStream.makeStream(of: Void.self)
    let (releases, release) = AsyncStream.makeStream(of: Void.self)
    var router = HTTPRouter()
    router.add(.get, "/items") { _ in
      arrived.yield()
      // Answers only once the test is done, so only cancellation can end the request earlier.
      for await _ in releases {}
      return .status(503)
    }
    let server = try HTTPServer.start(router: router)
    let recording = JobRecording<CatalogPage>()
    let job = Task {
      try await handler().0.run(PageJob(baseURL: "http://127.0.0.1:\(server.port)", page: 1), context: recording.context)
    }
    var requests = arrivals.makeAsyncIterator()
    await requests.next()
    // Timed from the cancel, not from the start: starting the server is no part of what is measured.
    let cancelled = ContinuousClock.now
    job.cancel()
    await #expect(throws: CancellationError.self) { try await job.value }
    let elapsed = ContinuousClock.now - cancelled
    release.finish()
    await server.stop()
    // Well inside the request timeout of 20 s, which the request would have reached otherwise.
    #expect(elapsed < .seconds(10), "\(elapsed)")
    #expect(recording.counters == ["requests": 1])
  }
}
