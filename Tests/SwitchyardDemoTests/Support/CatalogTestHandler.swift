import ComposableArchitecture
import SwitchyardRuntime
import SwitchyardWorkers

/// Serves ``PageJob``s from a catalogue of `itemCount` numbered items after `latency` on `clock`;
/// pages in `failingPages` fail with a `notFound` reason. Counts `pageLoadsCancelled`.
struct CatalogTestHandler: JobHandler {
  var itemCount = 5
  var failingPages: Set<Int> = []
  var latency: Duration = .zero
  var clock: any Clock<Duration> = ImmediateClock()

  func run(_ job: PageJob, context: JobContext<CatalogPage>) async throws {
    do {
      try await clock.sleep(for: latency)
    } catch {
      context.increment("pageLoadsCancelled")
      throw error
    }
    guard !failingPages.contains(job.page) else {
      throw JobFailure(code: "notFound", message: "Page \(job.page) is not in the catalogue.")
    }
    let start = (job.page - 1) * job.perPage + 1
    let ids = start..<min(start + job.perPage, itemCount + 1)
    await context.emit(
      CatalogPage(
        items: ids.map { CatalogItem(id: $0, title: "Item \($0)") },
        page: job.page,
        hasMore: start + job.perPage <= itemCount
      )
    )
  }
}
