import Foundation
import Synchronization
import SwitchyardRuntime
import SwitchyardUpstream
import SwitchyardWorkers
import Testing

/// Issue 14: a pagination worker's memory grew by about 200 bytes per request for as long as it
/// ran, because URLSession on Linux keeps something of every request. This drives one handler
/// through thousands of requests and watches the process's resident memory.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct PageHandlerSoakTests {
  @Test func residentMemoryStaysFlatOverThousandsOfRequests() async throws {
    let warmUp = 500
    let window = 800
    try await withUpstream(UpstreamConfiguration(catalogSize: 100, feedRate: 0)) { upstream in
      let handler = PageHandler()
      // Counts pages rather than keeping them, so that the test itself holds no more memory.
      let pages = Mutex(0)
      let context = JobContext<CatalogPage>(emit: { _ in pages.withLock { $0 += 1 } })
      let job = PageJob(baseURL: upstream.baseURL, page: 2, perPage: 10)
      for _ in 0..<warmUp {
        try await handler.run(job, context: context)
      }
      // Growth per window, not overall: tests running alongside may allocate during one window,
      // but a leak grows every window, so the median sees the leak and not the neighbours.
      var growths: [Int] = []
      for _ in 0..<5 {
        let before = try ResidentMemory.bytes()
        for _ in 0..<window {
          try await handler.run(job, context: context)
        }
        growths.append(try ResidentMemory.bytes() - before)
      }
      let median = growths.sorted()[growths.count / 2]
      #expect(pages.withLock { $0 } == warmUp + 5 * window)
      // URLSession grew about 200 B per request, 160 KB a window; a page or so of noise is fine.
      #expect(median < window * 40, "resident memory grew \(growths) bytes in windows of \(window) requests")
    }
  }
}
