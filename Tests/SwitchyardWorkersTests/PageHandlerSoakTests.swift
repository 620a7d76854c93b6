import Foundation
import Synchronization
import SwitchyardRuntime
import SwitchyardUpstream
import Testing

@testable import SwitchyardWorkers

/// Issue 14: a pagination worker's memory grew by about 200 bytes per request for as long as it
/// ran, because URLSession on Linux keeps something of every request. This drives one handler
/// through thousands of requests and watches the process's resident memory.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct PageHandlerSoakTests {
  @Test func residentMemoryStaysFlatOverThousandsOfRequests() async throws {
    let warmUp = 500
    let measured = 4000
    try await withUpstream(UpstreamConfiguration(catalogSize: 100, feedRate: 0)) { upstream in
      let handler = PageHandler()
      // Counts pages rather than keeping them, so that the test itself holds no more memory.
      let pages = Mutex(0)
      let context = JobContext<CatalogPage>(emit: { _ in pages.withLock { $0 += 1 } })
      let job = PageJob(baseURL: upstream.baseURL, page: 2, perPage: 10)
      for _ in 0..<warmUp {
        try await handler.run(job, context: context)
      }
      let before = try ResidentMemory.bytes()
      let started = ContinuousClock.now
      for _ in 0..<measured {
        try await handler.run(job, context: context)
      }
      let elapsed = ContinuousClock.now - started
      let growth = try ResidentMemory.bytes() - before
      let perRequest = Double(growth) / Double(measured)
      print("PageHandler soak: \(measured) requests, RSS \(growth) bytes (\(perRequest) B/request), \(elapsed / measured) per request")
      #expect(pages.withLock { $0 } == warmUp + measured)
      // URLSession grew about 200 B per request (800 KB here); a page or two of noise is fine.
      #expect(growth < measured * 40, "resident memory grew \(growth) bytes over \(measured) requests (\(perRequest) B/request)")
    }
  }
}
