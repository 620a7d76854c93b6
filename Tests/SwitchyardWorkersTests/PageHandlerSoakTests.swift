import Foundation
import Synchronization
import SwitchyardDiagnostics
import SwitchyardRuntime
import SwitchyardTestSupport
import SwitchyardUpstream
import SwitchyardWorkers
import Testing

/// Issue 14: a pagination worker's memory grew by about 200 bytes per request for as long as it
/// ran, because URLSession on Linux keeps something of every request. This drives one handler
/// through thousands of requests and watches resident memory.
///
/// The soak runs in a child process — this test binary again, running ``soakInAProcessOfItsOwn()``
/// — because resident memory is the whole process's, and the suites running beside it in this
/// one allocate too.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct PageHandlerSoakTests {
  static let growthPrefix = "soak window growth: "
  static let window = 800

  @Test func residentMemoryStaysFlatOverThousandsOfRequests() async throws {
    // Within the suite's two minutes, so that a stuck child fails with its errors.
    let output = try await ProcessOfItsOwn.expectPasses("soakInAProcessOfItsOwn", within: 110).output
    let growths = output.split(separator: "\n").compactMap { line in
      line.hasPrefix(Self.growthPrefix) ? Int(line.dropFirst(Self.growthPrefix.count)) : nil
    }
    try #require(growths.count == 5, "the soak child printed:\n\(output.suffix(4_000))")
    let median = growths.sorted()[growths.count / 2]
    // URLSession grew about 200 B per request, 160 KB a window; the allocator's noise is not: a
    // fresh clone's full run read a median of 32 KB, over a bound of 40 B per request.
    #expect(median < Self.window * 80, "resident memory grew \(growths) bytes in windows of \(Self.window) requests")
  }

  @Test(ProcessOfItsOwn.only("soakInAProcessOfItsOwn"))
  func soakInAProcessOfItsOwn() async throws {
    let warmUp = 500
    try await withUpstream(UpstreamConfiguration(catalogSize: 100, feedRate: 0)) { upstream in
      let handler = PageHandler()
      // Counts pages rather than keeping them, so that the test itself holds no more memory.
      let pages = Mutex(0)
      let context = JobContext<CatalogPage>(emit: { _ in pages.withLock { $0 += 1 } })
      let job = PageJob(baseURL: upstream.baseURL, page: 2, perPage: 10)
      for _ in 0..<warmUp {
        try await handler.run(job, context: context)
      }
      // Growth per window, not overall: a leak grows every window, so the median sees it.
      for _ in 0..<5 {
        let before = try #require(ResidentMemory.currentBytes())
        for _ in 0..<Self.window {
          try await handler.run(job, context: context)
        }
        print(Self.growthPrefix + String(try #require(ResidentMemory.currentBytes()) - before))
      }
      #expect(pages.withLock { $0 } == warmUp + 5 * Self.window)
    }
  }
}
